import type { Pacer } from './pacer.ts';
import { UploadFileError } from './upload-file-error.ts';
import { corrupt, DEFAULT_SHARED_STRING_LIMITS, detach, type SharedStringLimits } from './xlsx-limits.ts';
import { decodeXmlText, type XmlAttributes } from './xlsx-xml-attributes.ts';
import { scanEntry, XmlScanner, type XmlHandler } from './xlsx-xml-scanner.ts';
import type { ZipEntry } from './zip-guard.ts';

// The text of string items (`<si>`, `<is>`) and the workbook's shared-strings table
// (xl/sharedStrings.xml), bounded by SharedStringLimits.

// ---- text of string items ----

/** Collects the text of `<t>` elements inside a string item (`<si>` or `<is>`), phonetic runs left out. */
export class StringItemText {
  private pieces: string[] = [];
  private rawLength = 0;
  private phoneticDepth = 0;
  inItem = false;

  constructor(
    private readonly scanner: XmlScanner,
    private readonly maxRaw: number,
    private readonly tooLong: () => UploadFileError,
  ) {}

  start(): void {
    this.pieces = [];
    this.rawLength = 0;
    this.phoneticDepth = 0;
    this.inItem = true;
  }

  /** Returns true when the element was one of the item's. */
  open(name: string, selfClosing: boolean): boolean {
    if (!this.inItem) return false;
    if (name === 'rPh') {
      if (!selfClosing) this.phoneticDepth += 1;
      return true;
    }
    if (name === 't' && !selfClosing && this.phoneticDepth === 0) this.scanner.capture = true;
    return name === 't';
  }

  close(name: string): void {
    if (name === 'rPh') this.phoneticDepth = Math.max(0, this.phoneticDepth - 1);
    else if (name === 't') this.scanner.capture = false;
  }

  text(raw: string): void {
    this.rawLength += raw.length;
    if (this.rawLength > this.maxRaw) throw this.tooLong();
    this.pieces.push(raw);
  }

  finish(): string {
    this.inItem = false;
    this.scanner.capture = false;
    const raw = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    return decodeXmlText(raw);
  }
}

// ---- shared strings ----

class SharedStringsHandler implements XmlHandler {
  readonly strings: string[] = [];
  readonly scanner = new XmlScanner(this);
  private chars = 0;
  private readonly item: StringItemText;

  constructor(private readonly limits: SharedStringLimits) {
    this.item = new StringItemText(this.scanner, limits.maxItemRaw, () => this.tooLarge());
  }

  private tooLarge(): UploadFileError {
    return new UploadFileError(
      'UPLOAD_TOO_LARGE',
      `The spreadsheet's text is too large (at most ${this.limits.maxCount.toLocaleString('en-US')} texts and ${Math.round(this.limits.maxChars / 1024 / 1024)} million characters).`,
    );
  }

  open(name: string, _attributes: XmlAttributes, selfClosing: boolean): void {
    if (name === 'si') {
      if (this.item.inItem) throw corrupt('a string item inside another');
      if (selfClosing) this.add('');
      else this.item.start();
      return;
    }
    this.item.open(name, selfClosing);
  }

  close(name: string): void {
    if (name === 'si' && this.item.inItem) this.add(this.item.finish());
    else this.item.close(name);
  }

  text(raw: string): void {
    this.item.text(raw);
  }

  private add(text: string): void {
    this.chars += text.length;
    if (this.strings.length >= this.limits.maxCount || this.chars > this.limits.maxChars) throw this.tooLarge();
    this.strings.push(detach(text));
  }
}

/** The items of a sharedStrings part given whole (tests, small parts). */
export function parseSharedStrings(xml: string, limits: SharedStringLimits = DEFAULT_SHARED_STRING_LIMITS): string[] {
  const handler = new SharedStringsHandler(limits);
  handler.scanner.write(xml);
  handler.scanner.end();
  return handler.strings;
}

export async function readSharedStrings(data: Buffer, entry: ZipEntry, limits: SharedStringLimits, pacer: Pacer): Promise<string[]> {
  const handler = new SharedStringsHandler(limits);
  await scanEntry(data, entry, handler.scanner, pacer);
  return handler.strings;
}
