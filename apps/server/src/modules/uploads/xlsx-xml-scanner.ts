import { StringDecoder } from 'node:string_decoder';
import type { Pacer } from './pacer.ts';
import { corrupt, MAX_DEPTH, MAX_TAG_LENGTH } from './xlsx-limits.ts';
import { XmlAttributes } from './xlsx-xml-attributes.ts';
import { streamEntry, type ZipEntry } from './zip-guard.ts';

// The forward-only XML tokenizer every part of an .xlsx is read with (see xlsx-reader.ts), and the
// feeding of one zip entry through it.

export interface XmlHandler {
  /** A start tag; `name` without its namespace prefix. A self-closing tag gets no `close`. */
  open(name: string, attributes: XmlAttributes, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw text (entities not decoded), only while the scanner's `capture` is on. */
  text(raw: string): void;
}

/** Where the scanner is between chunks. */
const Mode = { Text: 0, Comment: 1, CData: 2, Instruction: 3 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** Character classes of the ASCII range (anything from 0x80 up is a name character). */
const SPACE = 1;
const NAME_END = 2;
const CLASSES = new Uint8Array(128);
for (const code of [0x20, 0x0a, 0x0d, 0x09]) CLASSES[code] = SPACE | NAME_END;
for (const code of [0x2f /* / */, 0x3e /* > */, 0x3d /* = */]) CLASSES[code] = NAME_END;

function isSpace(code: number): boolean {
  return code < 128 && (CLASSES[code]! & SPACE) !== 0;
}

/** Ends a tag or attribute name: whitespace, `/`, `>`, `=`. */
function endsName(code: number): boolean {
  return code < 128 && (CLASSES[code]! & NAME_END) !== 0;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

const INCOMPLETE = -1;

/**
 * A forward-only XML tokenizer fed with string chunks. Each call to `write` scans from where the
 * last one stopped; an unfinished tag (at most MAX_TAG_LENGTH) is kept and completed with the next
 * chunk. Checks nesting; `end` checks the document is complete.
 */
export class XmlScanner {
  /** Whether text is handed to `handler.text` (the handler turns it on for the elements it reads). */
  capture = false;
  /** Set by the owner to stop scanning (the rest of the input is ignored). */
  stopped = false;
  private pending = '';
  private mode: Mode = Mode.Text;
  /** The open elements' qualified names, and their local names (handed to `close` without slicing again). */
  private readonly stack: string[] = [];
  private readonly locals: string[] = [];
  private rootSeen = false;
  private readonly attributes = new XmlAttributes();

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    if (this.stopped) return;
    let text = chunk;
    let from = 0;
    if (this.pending.length > 0) {
      // What the last chunk left unfinished (a tag, mostly), completed by this chunk up to its first
      // `>` and scanned on its own; then the chunk from there. Scanning the two joined made a flat
      // copy of every 64 KB chunk: a fifth of the parse's garbage. When that `>` does not finish it
      // (one inside a quoted value, a comment), the rest is joined as before.
      const close = chunk.indexOf('>');
      const head = this.pending + (close < 0 ? chunk : chunk.slice(0, close + 1));
      this.pending = '';
      if (close < 0) text = head;
      else {
        const rest = this.scan(head, 0);
        if (this.stopped) return;
        if (rest === head.length) from = close + 1;
        else text = head.slice(rest) + chunk.slice(close + 1);
      }
    }
    const rest = this.scan(text, from);
    if (this.stopped) return;
    if (text.length - rest > MAX_TAG_LENGTH) throw corrupt('a tag of more than 64 KB');
    this.pending = rest < text.length ? text.slice(rest) : '';
  }

  end(): void {
    if (this.stopped) return;
    if (this.mode !== Mode.Text || this.pending.trim() !== '' || this.stack.length > 0 || !this.rootSeen) throw corrupt('the XML ends too early');
  }

  /** Scans `text` from `from`; returns where the unconsumed rest starts. */
  private scan(text: string, from: number): number {
    const length = text.length;
    let position = from;
    while (position < length && !this.stopped) {
      switch (this.mode) {
        case Mode.Comment: {
          const end = text.indexOf('-->', position);
          if (end < 0) return Math.max(position, length - 2);
          position = end + 3;
          this.mode = Mode.Text;
          break;
        }
        case Mode.Instruction: {
          const end = text.indexOf('?>', position);
          if (end < 0) return Math.max(position, length - 1);
          position = end + 2;
          this.mode = Mode.Text;
          break;
        }
        case Mode.CData: {
          const end = text.indexOf(']]>', position);
          const stop = end < 0 ? Math.max(position, length - 2) : end;
          // CDATA is literal: escaped so that the entity decoding of the joined text leaves it alone.
          if (this.capture && stop > position) this.handler.text(text.slice(position, stop).replace(/&/g, '&amp;'));
          if (end < 0) return stop;
          position = end + 3;
          this.mode = Mode.Text;
          break;
        }
        case Mode.Text: {
          const open = text.indexOf('<', position);
          if (open < 0) {
            if (this.capture) this.handler.text(text.slice(position));
            return length;
          }
          if (open > position && this.capture) this.handler.text(text.slice(position, open));
          position = open;
          if (position + 1 >= length) return position;
          const next = text.charCodeAt(position + 1);
          if (next === 0x2f /* / */) {
            const end = text.indexOf('>', position + 2);
            if (end < 0) return position;
            this.closeTag(text, position + 2, end);
            position = end + 1;
          } else if (next === 0x3f /* ? */) {
            this.mode = Mode.Instruction;
            position += 2;
          } else if (next === 0x21 /* ! */) {
            if (text.startsWith('<!--', position)) {
              this.mode = Mode.Comment;
              position += 4;
            } else if (text.startsWith('<![CDATA[', position)) {
              this.mode = Mode.CData;
              position += 9;
            } else if (length - position < 9) {
              return position;
            } else {
              const end = this.declarationEnd(text, position);
              if (end === INCOMPLETE) return position;
              position = end;
            }
          } else {
            const end = this.startTag(text, position);
            if (end === INCOMPLETE) return position;
            position = end;
          }
          break;
        }
      }
    }
    return position;
  }

  /** `<!DOCTYPE ...>` (an internal subset in brackets included) or another declaration: skipped. */
  private declarationEnd(text: string, start: number): number {
    let end = text.indexOf('>', start);
    if (end < 0) return INCOMPLETE;
    // Only the declaration's own characters are looked at (no search past its end).
    let bracket = -1;
    for (let at = start; at < end; at += 1) {
      if (text.charCodeAt(at) === 0x5b /* [ */) {
        bracket = at;
        break;
      }
    }
    if (bracket >= 0) {
      const close = text.indexOf(']', bracket);
      if (close < 0) return INCOMPLETE;
      end = text.indexOf('>', close);
      if (end < 0) return INCOMPLETE;
    }
    return end + 1;
  }

  /** `</name>` with the name at [start, end) of `text` (whitespace may follow it). */
  private closeTag(text: string, start: number, end: number): void {
    const open = this.stack.pop();
    const local = this.locals.pop();
    let nameEnd = end;
    while (nameEnd > start && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    if (open === undefined || local === undefined || nameEnd - start !== open.length || !text.startsWith(open, start)) {
      throw corrupt(`</${text.slice(start, Math.min(nameEnd, start + 100))}> does not close <${open ?? ''}>`);
    }
    this.handler.close(local);
  }

  /** Parses the start tag at `start` (`<` then a name); INCOMPLETE when the chunk ends inside it. */
  private startTag(text: string, start: number): number {
    const length = text.length;
    let at = start + 1;
    while (at < length && !endsName(text.charCodeAt(at))) at += 1;
    if (at >= length) return INCOMPLETE;
    if (at === start + 1) throw corrupt('a tag without a name');
    const qualified = text.slice(start + 1, at);
    const attributes = this.attributes;
    attributes.source = text;
    attributes.count = 0;
    const spans = attributes.spans;
    for (;;) {
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      const code = text.charCodeAt(at);
      if (code === 0x3e /* > */ || code === 0x2f /* / */) {
        const selfClosing = code === 0x2f;
        if (selfClosing && at + 1 >= length) return INCOMPLETE;
        if (selfClosing && text.charCodeAt(at + 1) !== 0x3e) throw corrupt('a malformed tag');
        const end = at + (selfClosing ? 2 : 1);
        if (end - start > MAX_TAG_LENGTH) throw corrupt('a tag of more than 64 KB');
        this.openTag(qualified, selfClosing);
        return end;
      }
      const nameStart = at;
      while (at < length && !endsName(text.charCodeAt(at))) at += 1;
      const nameEnd = at;
      if (nameEnd === nameStart) throw corrupt('a malformed attribute');
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      if (text.charCodeAt(at) !== 0x3d /* = */) throw corrupt('a malformed attribute');
      at += 1;
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      const quote = text.charCodeAt(at);
      if (quote !== 0x22 && quote !== 0x27) throw corrupt('an unquoted attribute');
      const valueEnd = text.indexOf(quote === 0x22 ? '"' : "'", at + 1);
      if (valueEnd < 0) return INCOMPLETE;
      const slot = attributes.count * 4;
      spans[slot] = nameStart;
      spans[slot + 1] = nameEnd;
      spans[slot + 2] = at + 1;
      spans[slot + 3] = valueEnd;
      attributes.count += 1;
      at = valueEnd + 1;
      const after = at < length ? text.charCodeAt(at) : 0x20;
      if (!isSpace(after) && after !== 0x3e && after !== 0x2f) throw corrupt('a malformed attribute');
    }
  }

  private openTag(qualified: string, selfClosing: boolean): void {
    if (this.stack.length === 0) {
      if (this.rootSeen) throw corrupt('a second root element');
      this.rootSeen = true;
    }
    const local = localName(qualified);
    if (!selfClosing) {
      if (this.stack.length >= MAX_DEPTH) throw corrupt('elements nested too deep');
      this.stack.push(qualified);
      this.locals.push(local);
    }
    this.handler.open(local, this.attributes, selfClosing);
  }
}

/** Feeds one zip entry through a scanner, yielding to the event loop regularly. */
export async function scanEntry(data: Buffer, entry: ZipEntry, scanner: XmlScanner, pacer: Pacer): Promise<void> {
  const decoder = new StringDecoder('utf8');
  // After the scanner stops, the rest is still inflated (counted, not scanned): a lying part is 413.
  for await (const chunk of streamEntry(data, entry)) {
    if (!scanner.stopped) scanner.write(decoder.write(chunk));
    await pacer.pace();
  }
  if (!scanner.stopped) {
    scanner.write(decoder.end());
    scanner.end();
  }
}
