// PROPFIND answers in the shapes real servers write them (Nextcloud, Apache mod_dav, Nutstore, webdav-server): every
// one read into the same entries, whatever the namespace prefixes and href spellings.
import { describe, expect, it } from 'vitest';
import { readMultistatus } from '../../src/main/sync/webdav-multistatus.js';

const request = new URL('https://dav.example.com/remote.php/dav/files/alice/Tiny/');

const expected = [
  { segments: ['remote.php', 'dav', 'files', 'alice', 'Tiny'], collection: true, size: 0 },
  { segments: ['remote.php', 'dav', 'files', 'alice', 'Tiny', 'dev a'], collection: true, size: 0 },
  { segments: ['remote.php', 'dav', 'files', 'alice', 'Tiny', '对话 #1.jsonl'], collection: false, size: 42 },
];

describe('reads a multistatus answer whatever its dialect', () => {
  it('Nextcloud: d: prefix, paths as hrefs, a 404 propstat for the length of folders', () => {
    const body = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns">
 <d:response><d:href>/remote.php/dav/files/alice/Tiny/</d:href>
  <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
  <d:propstat><d:prop><d:getcontentlength/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
 </d:response>
 <d:response><d:href>/remote.php/dav/files/alice/Tiny/dev%20a/</d:href>
  <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
 </d:response>
 <d:response><d:href>/remote.php/dav/files/alice/Tiny/%e5%af%b9%e8%af%9d%20%231.jsonl</d:href>
  <d:propstat><d:prop><d:resourcetype/><d:getcontentlength>42</d:getcontentlength></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
 </d:response>
</d:multistatus>`;
    expect(readMultistatus(body, request)).toEqual(expected);
  });

  it('Apache mod_dav: D: and lp1: prefixes, a default namespace, absolute URLs, a literal # in a name', () => {
    const body = `<?xml version="1.0" encoding="utf-8"?>
<multistatus xmlns="DAV:" xmlns:lp1="DAV:">
<response><href>https://dav.example.com/remote.php/dav/files/alice/Tiny/</href>
<propstat><prop><lp1:resourcetype><lp1:collection/></lp1:resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response>
<response><href>https://dav.example.com/remote.php/dav/files/alice/Tiny/dev%20a/</href>
<propstat><prop><lp1:resourcetype><collection/></lp1:resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response>
<response><href>https://dav.example.com/remote.php/dav/files/alice/Tiny/%E5%AF%B9%E8%AF%9D%20#1.jsonl</href>
<propstat><prop><lp1:resourcetype/><lp1:getcontentlength>42</lp1:getcontentlength></prop><status>HTTP/1.1 200 OK</status></propstat></response>
</multistatus>`;
    expect(readMultistatus(body, request)).toEqual(expected);
  });

  it('refuses what is not a multistatus, or declares a DTD', () => {
    expect(() => readMultistatus('<html><body>Login</body></html>', request)).toThrow('not a multistatus');
    expect(() => readMultistatus('<!DOCTYPE x [<!ENTITY a "aaaa">]><d:multistatus xmlns:d="DAV:"></d:multistatus>', request)).toThrow(
      'declares a DTD',
    );
  });

  it('leaves out a response whose every propstat failed', () => {
    const body = `<D:multistatus xmlns:D="DAV:"><D:response><D:href>/x/gone.bin</D:href>
<D:propstat><D:prop><D:getcontentlength/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response></D:multistatus>`;
    expect(readMultistatus(body, request)).toEqual([]);
  });
});
