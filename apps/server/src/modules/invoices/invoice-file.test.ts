import { describe, expect, it } from 'vitest';
import { acceptInvoiceFile, detectInvoiceContentType } from './invoice-file.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)]);

describe('invoice file type by content', () => {
  it.each([
    ['PDF', PDF, 'application/pdf'],
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['Windows executable', EXE, null],
    ['ELF executable', ELF, null],
    ['empty', Buffer.alloc(0), null],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
  ])('%s -> %s', (_name, data, expected) => {
    expect(detectInvoiceContentType(data)).toBe(expected);
  });

  it.each([
    ['invoice.pdf', 'application/pdf', PDF, 'application/pdf'],
    ['INVOICE.PDF', 'application/octet-stream', PDF, 'application/pdf'],
    ['scan.png', 'image/png', PNG, 'image/png'],
    ['photo.jpeg', 'image/jpeg', JPEG, 'image/jpeg'],
    ['photo.jpg', 'image/jpg', JPEG, 'image/jpeg'],
    ['scan.pdf', 'application/pdf', PNG, null],
    ['scan.png', 'application/pdf', PNG, null],
    ['tool.png', 'image/png', EXE, null],
    ['tool.pdf', 'application/pdf', ELF, null],
    ['invoice', 'application/pdf', PDF, null],
    ['cut.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj\n'), null],
  ])('%s declared %s', (filename, mimeType, data, expected) => {
    expect(acceptInvoiceFile(data, { filename, mimeType })).toBe(expected);
  });
});
