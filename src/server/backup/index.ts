// Backups as the CLI and the jobs see them (README: Backups; docs/decisions/022-backups.md).

export { backup, type BackupOptions, type BackupResult } from './backup.js';
export { BackupError, type Manifest } from './format.js';
export { terminalProgress } from './progress.js';
export { restore, type RestoreOptions, type RestoreResult } from './restore.js';
export { pruneArchives, scheduledBackupJob } from './schedule.js';
