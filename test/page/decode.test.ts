// Charset decoding: header, BOM, <meta>, XML declaration, fallbacks. Non-UTF-8
// bytes are written by hand because TextEncoder only produces UTF-8.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeBody, parseContentType, sniffDeclaredCharset } from '../../src/page/fetch/decode.ts';

const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : part)));

// 日本語 in Shift_JIS, 中文 in GBK, "café €" in Windows-1252.
const SJIS_NIHONGO = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea];
const GBK_ZHONGWEN = [0xd6, 0xd0, 0xce, 0xc4];
const CP1252_CAFE_EURO = [0x63, 0x61, 0x66, 0xe9, 0x20, 0x80];

describe('parseContentType', () => {
  it('splits the media type and an unquoted or quoted charset, in lower case', () => {
    assert.deepEqual(parseContentType('text/html; charset=UTF-8'), { type: 'text/html', charset: 'utf-8' });
    assert.deepEqual(parseContentType('Text/HTML;Charset="Shift_JIS"'), {
      type: 'text/html',
      charset: 'shift_jis',
    });
    assert.deepEqual(parseContentType('text/plain; format=flowed; charset=gbk'), {
      type: 'text/plain',
      charset: 'gbk',
    });
  });
  it('has no charset when none is given', () => {
    assert.deepEqual(parseContentType('application/json'), { type: 'application/json' });
    assert.deepEqual(parseContentType(''), { type: '' });
    assert.deepEqual(parseContentType('text/html; charset='), { type: 'text/html' });
  });
});

describe('decodeBody: the Content-Type charset', () => {
  it('UTF-8', () => {
    assert.equal(decodeBody(new TextEncoder().encode('héllo ✓'), 'text/html; charset=utf-8'), 'héllo ✓');
  });
  it('Latin-1 is read as Windows-1252 (0x80 is €)', () => {
    assert.equal(decodeBody(bytes(CP1252_CAFE_EURO), 'text/html; charset=ISO-8859-1'), 'café €');
    assert.equal(decodeBody(bytes(CP1252_CAFE_EURO), 'text/plain; charset=windows-1252'), 'café €');
    assert.equal(
      decodeBody(bytes([0x93, 0x68, 0x69, 0x94, 0x92, 0x96, 0x81]), 'text/plain; charset=latin1'),
      '“hi”’–\x81',
    );
  });
  it('Shift_JIS', () => {
    assert.equal(decodeBody(bytes(SJIS_NIHONGO), 'text/html; charset=Shift_JIS'), '日本語');
    assert.equal(decodeBody(bytes(SJIS_NIHONGO), 'text/html; charset="sjis"'), '日本語');
  });
  it('GBK, also under its gb2312 label', () => {
    assert.equal(decodeBody(bytes(GBK_ZHONGWEN), 'text/html; charset=gbk'), '中文');
    assert.equal(decodeBody(bytes(GBK_ZHONGWEN), 'text/html; charset=gb2312'), '中文');
  });
});

describe('decodeBody: declarations inside the document', () => {
  it('<meta charset>', () => {
    const page = bytes('<html><head><meta charset="shift_jis"><title>', SJIS_NIHONGO, '</title>');
    assert.equal(
      decodeBody(page, 'text/html'),
      '<html><head><meta charset="shift_jis"><title>日本語</title>',
    );
  });
  it('<meta http-equiv="Content-Type">', () => {
    const page = bytes(
      "<meta http-equiv='Content-Type' content='text/html; charset=GBK'><p>",
      GBK_ZHONGWEN,
      '</p>',
    );
    assert.match(decodeBody(page, 'text/html'), /<p>中文<\/p>$/);
  });
  it('the XML declaration', () => {
    const page = bytes('<?xml version="1.0" encoding="windows-1252"?><p>', CP1252_CAFE_EURO, '</p>');
    assert.match(decodeBody(page, 'application/xhtml+xml'), /<p>café €<\/p>$/);
  });
  it('is sniffed when the header has no Content-Type at all', () => {
    assert.match(decodeBody(bytes('<meta charset=gbk>', GBK_ZHONGWEN), ''), /中文$/);
  });
  it('is not sniffed in text/plain', () => {
    const text = bytes('<meta charset="gbk"> ', ascii('ok'));
    assert.equal(decodeBody(text, 'text/plain'), '<meta charset="gbk"> ok');
    assert.equal(sniffDeclaredCharset(text), 'gbk');
  });
  it('is looked for only near the top of the page', () => {
    const late = bytes(`<!--${' '.repeat(5000)}-->`, '<meta charset="gbk">', GBK_ZHONGWEN);
    assert.equal(sniffDeclaredCharset(late), undefined);
    assert.doesNotMatch(decodeBody(late, 'text/html'), /中文/);
  });
  it('a UTF-16 declaration in ASCII markup is read as UTF-8', () => {
    assert.equal(sniffDeclaredCharset(bytes('<meta charset="utf-16">')), 'utf-8');
    assert.match(decodeBody(bytes('<meta charset="utf-16">', ascii('é')), 'text/html'), /é$/);
  });
});

describe('decodeBody: precedence and fallbacks', () => {
  it('the header wins over the meta tag', () => {
    const page = bytes('<meta charset="windows-1252">', GBK_ZHONGWEN);
    assert.match(decodeBody(page, 'text/html; charset=gbk'), /中文$/);
  });
  it('a byte-order mark wins over the header', () => {
    const page = bytes([0xef, 0xbb, 0xbf], [...new TextEncoder().encode('café')]);
    assert.equal(decodeBody(page, 'text/html; charset=iso-8859-1'), 'café');
  });
  it('UTF-16 by byte-order mark, little and big endian', () => {
    assert.equal(decodeBody(bytes([0xff, 0xfe, 0x2d, 0x4e, 0x87, 0x65]), 'text/html'), '中文');
    assert.equal(decodeBody(bytes([0xfe, 0xff, 0x4e, 0x2d, 0x65, 0x87]), 'text/html'), '中文');
  });
  it('an unknown label falls back to UTF-8', () => {
    assert.equal(decodeBody(new TextEncoder().encode('naïve'), 'text/html; charset=x-klingon'), 'naïve');
  });
  it('the "replacement" labels fall back to UTF-8 instead of one U+FFFD', () => {
    assert.equal(decodeBody(new TextEncoder().encode('naïve'), 'text/html; charset=iso-2022-kr'), 'naïve');
  });
  it('an unknown header label lets the meta tag decide', () => {
    const page = bytes('<meta charset="shift_jis">', SJIS_NIHONGO);
    assert.match(decodeBody(page, 'text/html; charset=bogus'), /日本語$/);
  });
  it('undeclared valid UTF-8 is UTF-8', () => {
    assert.equal(decodeBody(new TextEncoder().encode('<p>Grüße</p>'), 'text/html'), '<p>Grüße</p>');
  });
  it('undeclared bytes that are not valid UTF-8 are read as Windows-1252', () => {
    assert.equal(decodeBody(bytes(CP1252_CAFE_EURO), 'text/html'), 'café €');
  });
  it('a UTF-16 or UTF-32 header over single bytes is passed over: the bytes are read by detection', () => {
    const page = '<html><body><p>Plain ASCII words.</p></body></html>';
    for (const charset of ['utf-16le', 'utf-16be', 'utf-16', 'utf-32', 'unicode', 'ucs-2'])
      assert.equal(decodeBody(bytes(page), `text/html; charset=${charset}`), page, charset);
    assert.equal(decodeBody(bytes(CP1252_CAFE_EURO), 'text/plain; charset=utf-16le'), 'café €');
    assert.match(
      decodeBody(bytes('<meta charset="shift_jis">', SJIS_NIHONGO), 'text/html; charset=utf-16'),
      /日本語$/,
    );
  });
  it('a UTF-16 header over UTF-16 bytes (no byte-order mark) is kept', () => {
    assert.equal(
      decodeBody(bytes([0x3c, 0, 0x70, 0, 0x3e, 0, 0x2d, 0x4e]), 'text/html; charset=utf-16le'),
      '<p>中',
    );
    assert.equal(
      decodeBody(bytes([0, 0x3c, 0, 0x70, 0, 0x3e, 0x4e, 0x2d]), 'text/html; charset=utf-16be'),
      '<p>中',
    );
  });
  it('never throws on malformed bytes in a declared charset', () => {
    assert.equal(decodeBody(bytes([0x61, 0xff, 0x62]), 'text/plain; charset=utf-8'), 'a\ufffdb');
  });
});
