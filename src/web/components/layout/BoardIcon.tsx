import { BookOpen, Code, Film, Gamepad2, Globe, Music, Palette, Utensils, type LucideIcon } from 'lucide-react';
import type { Board } from '../../../shared/api.js';

// SPEC.md section 2: the icon key of a board (or, failing that, its code) picks the icon.
const byIcon: Record<string, LucideIcon> = {
  code: Code,
  film: Film,
  music: Music,
  gamepad: Gamepad2,
  book: BookOpen,
  palette: Palette,
  utensils: Utensils,
};
const byCode: Record<string, LucideIcon> = { g: Code, tv: Film, mu: Music, v: Gamepad2, lit: BookOpen, a: Palette, ck: Utensils };

export function BoardIcon({ board, className }: { board: Pick<Board, 'code' | 'icon'>; className?: string }) {
  const Icon = byIcon[board.icon] ?? byCode[board.code] ?? Globe;
  return <Icon aria-hidden="true" className={className} />;
}
