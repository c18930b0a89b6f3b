import { describe, expect, it } from 'vitest';
import { checkCharacter, formatCode } from './qr-code';
import { packageLabelPath, readFloorScan } from './production';

const body = '7K3QMXR8D';
const code = body + checkCharacter(body);
const id = '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b';

describe('readFloorScan', () => {
  it('reads a code bare, with its hyphen, in lower case, and as the address its symbol encodes', () => {
    for (const input of [code, formatCode(code), code.toLowerCase(), ` ${code}\n`, `https://mindested.dk/qr/${code}`, `http://127.0.0.1:3000/qr/${formatCode(code)}`]) {
      expect(readFloorScan(input)).toEqual({ kind: 'code', code });
    }
  });

  it("reads a package's label, whichever host printed it", () => {
    expect(readFloorScan(`https://mindested.dk${packageLabelPath(id)}`)).toEqual({ kind: 'package', id });
    expect(readFloorScan(`http://127.0.0.1:3000${packageLabelPath(id.toUpperCase())}?from=label`)).toEqual({ kind: 'package', id });
  });

  it('refuses a mistyped code, a truncated label and noise', () => {
    const mistyped = code.slice(0, 9) + (code[9] === 'A' ? 'B' : 'A');
    for (const input of [mistyped, code.slice(0, 9), `https://mindested.dk/admin/qr-packages/${id.slice(0, 30)}`, '', 'hej', 'https://example.com/qr/']) {
      expect(readFloorScan(input)).toBeNull();
    }
  });
});
