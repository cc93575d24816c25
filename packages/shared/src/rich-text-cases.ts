/**
 * Test data: markup and what the sanitisers make of it, run against the server's (sanitize-html) and the
 * web's (DOMPurify), so the two keep to the one allow-list of rich-text.ts. `clean` is the server's answer; the
 * web's is the same except that a link to another site also opens a new tab (webClean adds target="_blank").
 * Rows marked `before` are where the two used to differ, and what the web answered then.
 */
export interface RichTextCase {
  name: string;
  html: string;
  clean: string;
  /** What the web's hand-written sanitiser answered before the list was shared, where it differed. */
  before?: string;
}

const rel = 'rel="noopener noreferrer nofollow"';

export const RICH_TEXT_CASES: readonly RichTextCase[] = [
  {
    name: 'keeps simple formatting',
    html: '<p>Hi <strong>there</strong> <em>you</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s><br>x</p>',
    clean: '<p>Hi <strong>there</strong> <em>you</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s><br />x</p>',
  },
  {
    name: 'keeps lists and quotes',
    html: '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>',
    clean: '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>',
  },
  {
    name: 'keeps h2 and h3 (without ids) in rich text',
    html: '<h2 id="a">About</h2><h3>Us</h3>',
    clean: '<h2>About</h2><h3>Us</h3>',
    before: 'AboutUs',
  },
  { name: 'drops h1 and h4, keeping their text', html: '<h1>Big</h1><h4>Small</h4>', clean: 'BigSmall' },
  { name: 'drops a script with its content', html: '<p>a</p><script>alert(1)</script>', clean: '<p>a</p>' },
  { name: 'drops a style with its content', html: '<style>p{color:red}</style><p>a</p>', clean: '<p>a</p>' },
  { name: 'drops a noscript with its content', html: '<noscript>no</noscript><p>a</p>', clean: '<p>a</p>' },
  {
    name: 'drops event handlers, styles and classes',
    html: '<p onclick="x()" style="color:red" class="c">a</p>',
    clean: '<p>a</p>',
  },
  {
    name: 'keeps the text of unknown tags',
    html: '<div><span>hi</span> <em>there</em></div>',
    clean: 'hi <em>there</em>',
  },
  { name: 'drops an image and its onerror', html: '<p>a<img src="x" onerror="alert(1)">b</p>', clean: '<p>ab</p>' },
  { name: 'drops an empty iframe', html: '<iframe src="https://evil.test"></iframe><p>x</p>', clean: '<p>x</p>' },
  { name: 'drops svg, keeping its text', html: '<svg><text>hi</text></svg><p>x</p>', clean: 'hi<p>x</p>' },
  {
    name: 'keeps an https link with our rel only',
    html: '<a href="https://band.test/a?b=1" target="_self" rel="opener" onclick="x()">site</a>',
    clean: `<a href="https://band.test/a?b=1" ${rel}>site</a>`,
  },
  {
    name: 'keeps an http link',
    html: '<a href="http://band.test">old</a>',
    clean: `<a href="http://band.test" ${rel}>old</a>`,
  },
  {
    name: 'keeps a mailto link',
    html: '<a href="mailto:hi@band.test">mail</a>',
    clean: `<a href="mailto:hi@band.test" ${rel}>mail</a>`,
  },
  {
    name: 'trims a link’s address',
    html: '<a href="  https://band.test  ">x</a>',
    clean: `<a href="https://band.test" ${rel}>x</a>`,
  },
  {
    name: 'turns a javascript: link into its text',
    html: '<p><a href="javascript:alert(1)">x</a> after</p>',
    clean: '<p>x after</p>',
    before: '<p><a>x</a> after</p>',
  },
  {
    name: 'turns a javascript: link hidden by an entity into its text',
    html: '<p><a href="jav&#x09;ascript:alert(1)">x</a></p>',
    clean: '<p>x</p>',
    before: '<p><a>x</a></p>',
  },
  {
    name: 'turns a data: link into its text',
    html: '<a href="data:text/html,x">x</a>',
    clean: 'x',
    before: '<a>x</a>',
  },
  { name: 'turns a relative link into its text', html: '<a href="/members">x</a>', clean: 'x', before: '<a>x</a>' },
  {
    name: 'turns a protocol-relative link into its text',
    html: '<a href="//evil.test">x</a>',
    clean: 'x',
    before: '<a>x</a>',
  },
  {
    name: 'turns a link without an address into its text',
    html: '<a name="top">x</a>',
    clean: 'x',
    before: '<a>x</a>',
  },
  {
    name: 'turns a link with an unparsable address into its text',
    html: '<a href="https://">x</a>',
    clean: 'x',
    before: `<a href="https://" ${rel} target="_blank">x</a>`,
  },
  {
    name: 'closes every tag it keeps after a refused link',
    html: '<p><a href="/x">a</a><a href="https://ok.test">b</a></p><p>c</p>',
    clean: `<p>a<a href="https://ok.test" ${rel}>b</a></p><p>c</p>`,
    before: `<p><a>a</a><a href="https://ok.test" ${rel} target="_blank">b</a></p><p>c</p>`,
  },
];

export const DOCUMENT_CASES: readonly RichTextCase[] = [
  {
    name: 'keeps headings with a safe anchor id, dropping other attributes',
    html: '<h2 id="userGuidelines" class="x" onclick="y()">Guidelines</h2><h3 id="1 bad">Sub</h3><h4 id="ok-id_2">Small</h4>',
    clean: '<h2 id="userGuidelines">Guidelines</h2><h3>Sub</h3><h4 id="ok-id_2">Small</h4>',
  },
  {
    name: 'keeps links inside the site, opening in place, without our rel',
    html: '<a href="/main/#/privacy-policy" target="_blank" rel="opener">policy</a>',
    clean: '<a href="/main/#/privacy-policy">policy</a>',
  },
  {
    name: 'gives links to other sites our rel',
    html: '<a href="mailto:hi@hfm.music">mail</a>',
    clean: `<a href="mailto:hi@hfm.music" ${rel}>mail</a>`,
  },
  {
    name: 'turns a protocol-relative or backslash link into its text',
    html: '<a href="//evil.test">a</a><a href="/\\evil.test">b</a>',
    clean: 'ab',
    before: '<a>a</a><a>b</a>',
  },
  {
    name: 'still drops scripts and h1',
    html: '<h1>Big</h1><script>alert(1)</script><p>a</p>',
    clean: 'Big<p>a</p>',
  },
];

/** The web's answer for a case: links to other sites also open a new tab. */
export function webClean(clean: string): string {
  return clean.replaceAll(rel, `${rel} target="_blank"`).replaceAll('<br />', '<br>');
}
