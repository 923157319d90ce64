import { Bold, Code, EyeOff, Italic, Link as LinkIcon, Quote } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { MarkdownBody } from '../markdown/MarkdownBody';
import { Textarea } from '../ui/textarea';
import { cn } from '../../lib/utils';
import { applyFormatting, SHORTCUTS, type Formatting } from './formatting';
import { FormattingHelp } from './FormattingHelp';

// The renderer (markdown-it) is loaded for the first preview only: pages show the
// server's rendering, so no reader pays for it.
const loadRenderer = () => import('../../../shared/markdown/renderer.js');

const TOOLS: Array<{ kind: Formatting; label: string; shortcut?: string; Icon: typeof Bold }> = [
  { kind: 'bold', label: 'Bold', shortcut: 'Ctrl+B', Icon: Bold },
  { kind: 'italic', label: 'Italic', shortcut: 'Ctrl+I', Icon: Italic },
  { kind: 'quote', label: 'Quote', Icon: Quote },
  { kind: 'code', label: 'Code', Icon: Code },
  { kind: 'spoiler', label: 'Spoiler', Icon: EyeOff },
  { kind: 'link', label: 'Link', shortcut: 'Ctrl+K', Icon: LinkIcon },
];

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A Markdown text box: a drop-in for <Textarea> (same props, the same textarea is
 * what the form posts) with Write/Preview, a toolbar (bold, italic, quote, code,
 * spoiler, link; Tab reaches it, Ctrl+B/I/K work in the text) and the formatting
 * help a click away. Without JavaScript it is the plain textarea and the help.
 */
export function MarkdownEditor({ ref, className, onKeyDown, ...props }: ComponentProps<'textarea'>) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  // The toolbar needs script: it appears once the page has hydrated, so the server's
  // page (and a browser without script) shows the plain textarea.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  const id = props.id ?? 'markdown-editor';

  function format(kind: Formatting) {
    const box = textarea.current;
    if (!box) return;
    const edit = applyFormatting(kind, box.value, box.selectionStart, box.selectionEnd);
    box.focus();
    // Through the browser's editing, so undo works and the form hears an input event.
    box.setSelectionRange(0, box.value.length);
    if (!document.execCommand('insertText', false, edit.text)) {
      box.value = edit.text;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    }
    box.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  }

  async function showPreview() {
    const { renderMarkdown } = await loadRenderer();
    setPreview(renderMarkdown(textarea.current?.value ?? ''));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    onKeyDown?.(event);
    const kind = SHORTCUTS[event.key.toLowerCase()];
    if (kind && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      format(kind);
    }
  }

  const writing = preview === null;
  return (
    <div className="grid gap-1.5">
      {/* Rendered by the server too, unseen until hydrated: the row holds its place, so
          the text box does not move down when the tools appear (no layout shift). */}
      <div className={cn('flex flex-wrap items-center gap-1', !hydrated && 'invisible')} role="toolbar" aria-label="Formatting" aria-controls={id}>
        <div className="mr-1 inline-flex rounded-md border p-0.5 text-sm">
          <button type="button" aria-pressed={writing} onClick={() => setPreview(null)} className={cn('rounded px-2 py-0.5', writing && 'bg-muted font-medium')}>
            Write
          </button>
          <button type="button" aria-pressed={!writing} onMouseEnter={() => void loadRenderer()} onFocus={() => void loadRenderer()} onClick={() => void showPreview()} className={cn('rounded px-2 py-0.5', !writing && 'bg-muted font-medium')}>
            Preview
          </button>
        </div>
        {TOOLS.map(({ kind, label, shortcut, Icon }) => (
          <button
            key={kind}
            type="button"
            disabled={!writing}
            title={shortcut ? `${label} (${shortcut})` : label}
            aria-label={label}
            onClick={() => format(kind)}
            className="inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-40"
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </div>
      <Textarea
        {...props}
        ref={(element: HTMLTextAreaElement | null) => {
          textarea.current = element;
          setRef(ref, element);
        }}
        hidden={!writing}
        onKeyDown={handleKeyDown}
        className={className}
      />
      {!writing && (
        <div role="region" aria-label="Preview" className="min-h-20 rounded-md border px-3 py-2 text-sm">
          {preview ? <MarkdownBody html={preview} /> : <p className="text-muted-foreground">Nothing to preview.</p>}
        </div>
      )}
      <FormattingHelp />
    </div>
  );
}
