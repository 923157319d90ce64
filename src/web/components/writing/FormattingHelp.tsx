const EXAMPLES: Array<[string, string]> = [
  ['**bold**', 'bold'],
  ['_italic_', 'italic'],
  ['~~struck~~', 'struck through'],
  ['||spoiler||', 'hidden until clicked'],
  ['`code`', 'code; ``` on its own lines for a block'],
  ['[text](https://…)', 'a link; a bare URL links itself'],
  ['> text', 'a quote (each line starting with >)'],
  ['>>123', 'a link to post 123'],
  ['@name', 'mentions a user (they are told)'],
  ['- item', 'a list; 1. for a numbered one'],
  ['# Heading', 'a heading; ## for a smaller one'],
];

/** The Markdown this board understands, one click away under every text box (works without script). */
export function FormattingHelp() {
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="w-fit cursor-pointer select-none hover:text-foreground">Formatting help</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {EXAMPLES.map(([syntax, meaning]) => (
          <div key={syntax} className="contents">
            <dt>
              <code className="font-mono text-foreground">{syntax}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1">No HTML, and no images from other sites.</p>
    </details>
  );
}
