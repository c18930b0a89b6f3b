/**
 * The life story's rich-text editor (Tiptap). It can only make what the server's allow-list keeps
 * (src/server/memorials/life-story.ts): paragraphs, two heading levels, bold, italic, underline,
 * lists, quotes, a dividing line and links. Code blocks and other levels are switched off, so
 * nothing a family writes is silently dropped on saving. Pasted text from Word or a web page is
 * reduced to the same few things by the editor's schema.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Minus, Quote, Redo2, Underline, Undo2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { cn } from '@/client/lib/cn';

interface LifeStoryEditorProps {
  /** HTML to start from; a later change of this prop replaces the text (e.g. a template chosen). */
  value: string;
  onChange: (html: string) => void;
  label: string;
  hint?: ReactNode;
  error?: string;
}

const EMPTY_DOCUMENT = '<p></p>';

/**
 * The editor's HTML as it is saved: empty paragraphs at the end (the editor keeps one after a
 * closing heading or line, so there is always somewhere to type) are not part of the story.
 */
const storyHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''));

export function LifeStoryEditor({ value, onChange, label, hint, error }: LifeStoryEditorProps) {
  const id = useId();
  // What the editor has sent up since the value last caught up: the value that comes back down can
  // lag a few keystrokes behind a fast typist, and such an echo must not overwrite newer words.
  const sent = useRef(new Set<string>());
  const editor = useEditor({
    // Made once the editor is on the page, not during rendering: Tiptap destroys an editor made
    // in a render that takes longer than a tick to reach the page (a lazy part still loading),
    // and the family's first words would go into one that is about to disappear.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
    ],
    content: value || EMPTY_DOCUMENT,
    editorProps: {
      attributes: {
        id: `${id}-text`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(hint ? { 'aria-describedby': `${id}-hint` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'memorial-story min-h-72 px-5 py-4 focus:outline-none',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = storyHtml(current);
      sent.current.add(html);
      onChange(html);
    },
  });

  // A new starting text from outside (a template, a reset after saving elsewhere) replaces the
  // editor's; the editor's own typing comes back as a value it has sent and changes nothing.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = storyHtml(editor);
    if (value === current) sent.current.clear();
    else if (!sent.current.has(value)) {
      sent.current.clear();
      editor.commands.setContent(value || EMPTY_DOCUMENT, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-base font-semibold">
        {label}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-card shadow-xs focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ring',
          error ? 'border-destructive' : 'border-input/70',
        )}
      >
        {editor ? <Toolbar editor={editor} label={label} /> : null}
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const [linking, setLinking] = useState(false);
  // Re-rendered only when what the buttons show changes, not on every keystroke.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="border-b border-border bg-secondary/50">
      <div role="toolbar" aria-label={`Formatering af ${label.toLowerCase()}`} className="flex flex-wrap gap-1 p-1.5">
        <ToolButton label="Overskrift" pressed={active.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 />
        </ToolButton>
        <ToolButton label="Mellemrubrik" pressed={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 />
        </ToolButton>
        <Divider />
        <ToolButton label="Fed" pressed={active.bold} onClick={() => chain().toggleBold().run()}>
          <Bold />
        </ToolButton>
        <ToolButton label="Kursiv" pressed={active.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic />
        </ToolButton>
        <ToolButton label="Understreget" pressed={active.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline />
        </ToolButton>
        <Divider />
        <ToolButton label="Punktliste" pressed={active.bulletList} onClick={() => chain().toggleBulletList().run()}>
          <List />
        </ToolButton>
        <ToolButton label="Nummereret liste" pressed={active.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered />
        </ToolButton>
        <ToolButton label="Citat" pressed={active.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote />
        </ToolButton>
        <ToolButton label="Skillelinje" onClick={() => chain().setHorizontalRule().run()}>
          <Minus />
        </ToolButton>
        <ToolButton label="Link" pressed={active.link || linking} onClick={() => setLinking((open) => !open)}>
          <Link2 />
        </ToolButton>
        <Divider />
        <ToolButton label="Fortryd" disabled={!active.canUndo} onClick={() => chain().undo().run()}>
          <Undo2 />
        </ToolButton>
        <ToolButton label="Gentag" disabled={!active.canRedo} onClick={() => chain().redo().run()}>
          <Redo2 />
        </ToolButton>
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
    </div>
  );
}

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      // A pointer press leaves the caret in the text: the next letter typed lands there at once,
      // instead of on the button while the editor takes focus back.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-card focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-5',
        pressed && 'bg-card text-primary shadow-xs ring-1 ring-input/60',
      )}
    >
      {children}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 my-2 w-px bg-border" />;

/** A link is added to the selected words (or the word written in the field, if none are selected). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState('');
  const hasLink = editor.isActive('link');

  function apply() {
    const trimmed = href.trim();
    const url = /^(https?:|mailto:)/i.test(trimmed) ? trimmed : `https://${trimmed}`;
    if (!trimmed || !URL.canParse(url) || !/^(https?:\/\/[^/\s]+\.[^/\s]+|mailto:\S+@\S+)/i.test(url)) {
      setError('Skriv en hel adresse, fx www.kirken.dk eller https://kirken.dk/mindegudstjeneste.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !hasLink) chain.insertContent({ type: 'text', text: trimmed, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onDone();
  }

  return (
    <div className="flex flex-wrap items-start gap-2 border-t border-border p-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="sr-only">
          Linkets adresse
        </label>
        <Input
          id={id}
          autoFocus
          type="url"
          inputMode="url"
          placeholder="https://"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
              editor.commands.focus();
            }
          }}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button size="sm" onClick={apply}>
        {hasLink ? 'Ret link' : 'Indsæt link'}
      </Button>
      {hasLink ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Fjern link
        </Button>
      ) : null}
      <Button size="sm" variant="quiet" onClick={onDone}>
        Annuller
      </Button>
    </div>
  );
}
