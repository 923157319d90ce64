import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CryptoAddress } from '../../../../shared/api.js';
import { addAddressSchema } from '../../../../shared/schemas/crypto.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { LoadingRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/format';
import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { shortAddress } from '../../../lib/money';

/** SPEC.md section 5: the selectable currencies, BTC first and by default. */
const CURRENCIES = [
  { code: 'BTC', name: 'Bitcoin' },
  { code: 'ETH', name: 'Ethereum' },
  { code: 'SOL', name: 'Solana' },
  { code: 'DOGE', name: 'Dogecoin' },
  { code: 'USDT', name: 'Tether' },
  { code: 'USDC', name: 'USD Coin' },
] as const;

const COPIED_MS = 2000;

/** The Crypto Addresses tab: the table, copy, delete and the inline Add New Address form. */
export function AddressesCard() {
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Cryptocurrency Addresses</h2>
        </CardTitle>
        <CardDescription>Manage your cryptocurrency addresses for receiving tips</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {addresses.isPending ? (
          <LoadingRows label="Loading addresses" />
        ) : addresses.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your addresses could not be loaded.
          </p>
        ) : addresses.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">You haven&apos;t added any cryptocurrency addresses yet.</p>
        ) : (
          <AddressTable addresses={addresses.data} />
        )}
        {adding ? (
          <AddAddressForm onDone={() => setAdding(false)} />
        ) : (
          <Button variant="outline" className="w-fit" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add New Address
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function AddressTable({ addresses }: { addresses: CryptoAddress[] }) {
  const [toDelete, setToDelete] = useState<CryptoAddress | null>(null);
  const remove = useDeleteAddress();

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: 'Address deleted', description: `Your ${toDelete.currency} address has been removed` });
      setToDelete(null);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to delete address', description: errorMessage(error, 'There was an error deleting your address') });
    }
  };

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Currency
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Address
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {addresses.map((entry) => (
            <tr key={entry.id} className="border-t">
              <td className="px-2 py-2 sm:px-3 align-middle">
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge variant="outline">{entry.currency}</Badge>
                  {entry.useForAnonymous && <Badge variant="secondary">Anonymous posts only</Badge>}
                </div>
              </td>
              <td className="px-2 py-2 sm:px-3 align-middle">
                <div className="flex items-center gap-0.5">
                  <code className="font-mono text-xs" title={entry.address}>
                    {shortAddress(entry.address)}
                  </code>
                  <CopyAddressButton address={entry.address} currency={entry.currency} />
                </div>
              </td>
              <td className="px-2 py-2 sm:px-3 text-right align-middle">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${entry.currency} address ${shortAddress(entry.address)}`}
                  className="text-destructive hover:text-destructive"
                  onClick={() => setToDelete(entry)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Address"
        description={toDelete ? `Remove your ${toDelete.currency} address ${shortAddress(toDelete.address)}? Tips can no longer be sent to it.` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}

function CopyAddressButton({ address, currency }: { address: string; currency: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    if (!(await copyText(address))) {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy the address to the clipboard' });
      return;
    }
    setCopied(true);
    toast({ title: 'Address copied', description: `Your ${currency} address is on the clipboard` });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button variant="ghost" size="icon" className="size-7" aria-label={copied ? 'Copied' : `Copy ${currency} address`} onClick={() => void onCopy()}>
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

const emptyAddress = { currency: 'BTC', address: '', useForAnonymous: false };

function AddAddressForm({ onDone }: { onDone: () => void }) {
  const add = useAddAddress();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(addAddressSchema), defaultValues: emptyAddress });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await add.mutateAsync(input);
      toast({ title: 'Address added successfully', description: 'Your cryptocurrency address has been saved' });
      reset(emptyAddress);
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'There was an error adding your address');
      setError('address', { type: 'server', message });
      toast({ variant: 'destructive', title: 'Failed to add address', description: message });
    }
  });

  const onCancel = () => {
    reset(emptyAddress);
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add New Address" className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <h3 className="font-semibold">Add New Address</h3>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="grid content-start gap-2">
          <Label htmlFor="address-currency">Currency</Label>
          <NativeSelect
            id="address-currency"
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={errors.currency ? 'address-currency-error' : undefined}
            {...register('currency')}
          >
            {CURRENCIES.map(({ code, name }) => (
              <option key={code} value={code}>
                {code} ({name})
              </option>
            ))}
          </NativeSelect>
          {errors.currency && (
            <p id="address-currency-error" className="text-sm text-destructive">
              {errors.currency.message}
            </p>
          )}
        </div>
        <FormField
          id="address-value"
          label="Address"
          placeholder="Your wallet address"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id="address-anonymous" className="mt-0.5" aria-describedby="address-anonymous-help" {...register('useForAnonymous')} />
        <div className="grid gap-1">
          <Label htmlFor="address-anonymous">Usable on my anonymous posts</Label>
          <p id="address-anonymous-help" className="text-xs text-muted-foreground">
            Marked, this address is shown only for your anonymous threads and replies (their tips, and payments for an anonymous premium thread), never on
            your profile or your signed posts; unmarked, only there. Use an address you have shown nowhere else: anyone who knows it could link it to them.
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Save Address'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
