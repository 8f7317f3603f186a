// Text written into an export comes from users and imported files, so it may hold anything. Line-based
// formats (SRT, WebVTT, TXT, Markdown) give a line break meaning (a new cue, a heading), and Word's XML
// refuses most control characters outright: every field passes through here before it is written.

/** C0 controls (TAB, LF, CR among them), DEL, C1 controls (NEL among them), and Unicode's line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
/** Every way a line can end: CRLF, a lone LF or CR, VT, FF, NEL and the Unicode separators. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** One line: control characters become spaces, runs of white space one space. */
export const oneLine = (text: string) => text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();

/** The text's lines, each made one clean line; empty lines dropped. */
export const textLines = (text: string) => text.split(LINE_BREAK).map(oneLine).filter(Boolean);

/** The text's lines as written (indentation and blank lines kept), control characters made spaces. */
export const plainLines = (text: string) => text.split(LINE_BREAK).map((line) => line.replace(CONTROLS, ' ').trimEnd());

/**
 * What XML 1.0 forbids (its Char production allows TAB, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD and the
 * supplementary planes): other C0 controls, U+FFFE/U+FFFF and lone surrogates. With the `u` flag a
 * well-formed surrogate pair is one code point and stays.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export const xmlText = (text: string) => text.replace(NOT_XML_CHAR, '');
