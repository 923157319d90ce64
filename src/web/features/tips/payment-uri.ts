/** EIP-681 payment request: `ethereum:{address}@{chainId}?value={wei}`, the chain left out when unknown. */
export function tipPaymentUri(address: string, wei: bigint, chainId: number | null | undefined): string {
  return `ethereum:${address}${chainId ? `@${chainId}` : ''}?value=${wei.toString()}`;
}
