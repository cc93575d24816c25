import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import './rich-text.css';

export interface RichTextProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  /**
   * `document` (terms, policies) adds section headings (h2, h3) that keep their anchor ids, and links to
   * paths inside the site (`/main/#/privacy-policy`); `bio` (the default) is the small set.
   */
  variant?: 'bio' | 'document';
}

/** Headings keep their `id` (a section's anchor, e.g. #userGuidelines) through an edit. */
const HeadingAnchors = Extension.create({
  name: 'headingAnchors',
  addGlobalAttributes() {
    return [
      {
        types: ['heading'],
        attributes: {
          id: {
            default: null,
            parseHTML: (element) => element.getAttribute('id'),
            renderHTML: (attributes) => (attributes.id ? { id: attributes.id as string } : {}),
          },
        },
      },
    ];
  },
});

/** A small rich-text field: bold, italic, bullet and numbered lists, links (and headings for documents). Answers HTML. */
export function RichText({ label, value, onChange, error, hint, variant = 'bio' }: RichTextProps) {
  const isDocument = variant === 'document';
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: isDocument ? { levels: [2, 3] } : false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      ...(isDocument ? [HeadingAnchors] : []),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rich-text__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div className={['rich-text', error ? 'rich-text--invalid' : null].filter(Boolean).join(' ')}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <div className="rich-text__box">
        <Toolbar editor={editor} headings={isDocument} />
        <EditorContent editor={editor} />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor, headings }: { editor: Editor; headings: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text__toolbar-wrap">
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting">
        {headings && (
          <>
            <ToolButton
              label="Section heading"
              pressed={state.heading2}
              onClick={() => chain().toggleHeading({ level: 2 }).run()}
            >
              H2
            </ToolButton>
            <ToolButton
              label="Subheading"
              pressed={state.heading3}
              onClick={() => chain().toggleHeading({ level: 3 }).run()}
            >
              H3
            </ToolButton>
          </>
        )}
        <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </ToolButton>
        <ToolButton label="Bullet list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          •
        </ToolButton>
        <ToolButton label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M9 6h12M9 12h12M9 18h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <path d="M4 4.5h1.5V9M3.5 9h3" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <path d="M3.5 15.5a1.5 1.5 0 1 1 2.4 1.2L3.5 19.5h3" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </ToolButton>
        <ToolButton
          label="Link"
          pressed={state.link}
          onClick={() => (state.link ? chain().unsetLink().run() : setLinkOpen((open) => !open))}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
            <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          </svg>
        </ToolButton>
      </div>
      {linkOpen && <LinkForm editor={editor} sitePaths={headings} onDone={() => setLinkOpen(false)} />}
    </div>
  );
}

/** An address a link may have: another site, a mail address, or (in documents) a path inside this site. */
const LINK_ADDRESS = /^(https?:\/\/|mailto:)\S+$/i;
const SITE_PATH = /^\/(?![/\\])\S*$/;

function LinkForm({ editor, sitePaths, onDone }: { editor: Editor; sitePaths: boolean; onDone: () => void }) {
  const [href, setHref] = useState('https://');
  function apply(event: FormEvent) {
    event.preventDefault();
    const url = href.trim();
    if (LINK_ADDRESS.test(url) || (sitePaths && SITE_PATH.test(url)))
      editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  }
  return (
    <div className="rich-text__link-form">
      <input
        className="field__input"
        aria-label="Link address"
        value={href}
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') onDone();
        }}
      />
      <button type="button" className="rich-text__tool" onClick={apply}>
        Add link
      </button>
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="rich-text__tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
