import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { copyText } from '../../../lib/format';

/** Copies an IP hash: 'Copied to clipboard', or 'Copy failed'. */
export function CopyHashButton({ ipHash }: { ipHash: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    if (!(await copyText(ipHash))) {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy IP hash to clipboard' });
      return;
    }
    toast({ title: 'Copied to clipboard', description: 'The IP hash has been copied.' });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Button variant="ghost" size="icon" className="size-7" aria-label={`Copy IP hash ${ipHash.slice(0, 12)}`} onClick={() => void onCopy()}>
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

/** An IP hash as the panel shows it: truncated monospace text with its copy button. */
export function IpHashLabel({ ipHash }: { ipHash: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs" title={ipHash}>
        {ipHash}
      </code>
      <CopyHashButton ipHash={ipHash} />
    </div>
  );
}
