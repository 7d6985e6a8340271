// What the guard needs from a stream's dictionary, however it is spelled: its filters (names
// with #xx escapes, abbreviations, arrays, indirect objects), its direct /Length, and whether
// text extraction ever decodes it (images and attached files it never does).
import type { Filter } from './pdf-filters.ts';

/** How far back from `stream` the dictionary may begin (padding before it included). */
export const DICT_REACH = 1_048_576;

export interface DictInfo {
  /** The filters in the order they decode, up to the first one that cannot expand its input. */
  readonly filters: readonly Filter[];
  /** The stream's length when written as a number in the dictionary. */
  readonly length?: number;
  readonly neverDecoded: boolean;
}

const FILTERS: Readonly<Record<string, Filter>> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'runlength',
  RL: 'runlength',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
};

const latin1 = new TextDecoder('latin1');
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const END_STREAM = ascii('endstream');
/** Literal strings (one level of nesting) and comments, which may hold anything. */
const STRINGS = /\((?:[^()\\]|\\[\s\S]|\((?:[^()\\]|\\[\s\S])*\))*\)|%[^\r\n]*/g;
const NAME_ESCAPE = /#([0-9A-Fa-f]{2})/g;
const VALUE = /^\s*(\[[^\]]*\]|\/[^\s/[\]<>(){}%]*|\d+\s+\d+\s+R)/;
const TOKEN = /\/[^\s/[\]<>(){}%]*|\d+\s+\d+\s+R/g;

/** A dictionary's text with strings and comments gone and escaped names written out. */
const normalize = (text: string): string =>
  text
    .replace(STRINGS, ' ')
    .replace(NAME_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export function pdfDicts(bytes: Uint8Array) {
  /** The body of object `n g`, or undefined when the file has none. */
  const object = (n: string, g: string): string | undefined => {
    const header = ascii(`${n} ${g} obj`);
    for (let at = bytes.indexOf(header[0] ?? 0); at >= 0; at = bytes.indexOf(header[0] ?? 0, at + 1)) {
      const prev = bytes[at - 1];
      if (prev !== undefined && prev >= 0x30 && prev <= 0x39) continue;
      if (!header.every((b, i) => bytes[at + i] === b)) continue;
      const body = latin1.decode(bytes.subarray(at + header.length, at + header.length + 4096));
      return normalize(body.slice(0, body.indexOf('endobj') >>> 0));
    }
    return undefined;
  };

  /** Filter names in a /Filter value, indirect objects followed (not too deep). */
  const names = (value: string, depth: number): string[] => {
    const tokens = value.startsWith('[') ? (value.match(TOKEN) ?? []) : [value.trim()];
    return tokens.flatMap((token) => {
      if (token.startsWith('/')) return [token.slice(1)];
      const [n = '', g = ''] = token.split(/\s+/);
      const body = depth > 0 ? object(n, g) : undefined;
      const inner = body === undefined ? undefined : VALUE.exec(body)?.[1];
      return inner === undefined ? ['?'] : names(inner, depth - 1);
    });
  };

  return {
    /** The dictionary between `from` (its object header) and `to` (the `stream` keyword). */
    read(from: number, to: number): DictInfo {
      const dict = normalize(latin1.decode(bytes.subarray(from, to)));
      const filterAt = dict.search(/\/Filter\b/);
      const value = filterAt < 0 ? undefined : VALUE.exec(dict.slice(filterAt + 7))?.[1];
      const filters: Filter[] = [];
      for (const name of value === undefined ? [] : names(value, 3)) {
        const filter = FILTERS[name];
        if (filter === undefined) break;
        filters.push(filter);
      }
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1];
      return {
        filters,
        ...(length === undefined ? {} : { length: Number(length) }),
        neverDecoded: /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/.test(dict),
      };
    },
    /** Where the data starting at `data` ends: by a /Length that lands on `endstream`, else the file's end. */
    streamEnd(data: number, length: number | undefined): number {
      if (length === undefined || data + length > bytes.length) return bytes.length;
      let at = data + length;
      while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at++;
      return END_STREAM.every((b, i) => bytes[at + i] === b) ? data + length : bytes.length;
    },
  };
}
