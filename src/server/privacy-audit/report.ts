import type { AuditReport } from './audit.js';

const TITLES: Record<string, string> = {
  direct: '(a) direct references',
  'shared-values': '(b) shared values and ids',
  timestamps: '(c) timestamps',
  'poster-ids': '(d) poster IDs recomputed with SECRET',
  'ip-hashes': '(e) IP hashes',
  log: '(f) the log',
  'missing-rows': '(g) rows missing where an item addresses an account',
};

/** The operator's report: counts and where, never a value, a key or SECRET; escrow as counts only. */
export function formatReport(report: AuditReport, { logRead }: { logRead: boolean }): string {
  const out = [`privacy audit: ${report.items} anonymous threads and posts, ${report.accounts} accounts`];
  for (const method of report.methods) {
    const { link, interaction, escrow } = method.candidates;
    if (method.method === 'log' && !logRead) {
      out.push(`${TITLES[method.method]}: not run (no --log file)`);
      continue;
    }
    const parts = [`${link} link${link === 1 ? '' : 's'}`, `${interaction} interaction${interaction === 1 ? '' : 's'}`];
    if (escrow > 0) parts.push(`${escrow} in escrow`);
    if (method.correct) parts.push(`correct: ${method.correct.link} links, ${method.correct.interaction} interactions, ${method.correct.escrow} in escrow`);
    out.push(`${TITLES[method.method]}: ${parts.join(', ')}`);
    for (const example of method.examples.filter((line) => line.startsWith('link'))) out.push(`    ${example}`);
  }
  if (report.escrowItems > 0)
    out.push(
      `notice: ${report.escrowItems} anonymous items are linkable with SECRET through author keys still in escrow, until their accounts next sign in (allowed)`,
    );
  out.push(
    report.ok
      ? 'result: no link found'
      : `result: ${report.failures} link${report.failures === 1 ? '' : 's'} between anonymous items and accounts (see above)`,
  );
  return out.join('\n');
}

/** `--json`: the same, with the link candidates; escrow pairs are left out (they would name the authors). */
export function reportJson(report: AuditReport): string {
  const { candidates, ...rest } = report;
  return JSON.stringify({ ...rest, links: candidates.filter((candidate) => candidate.class === 'link') }, null, 2);
}
