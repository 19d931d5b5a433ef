/* wasm_size.js: the module's size budget and how it is measured, shared by bench_wasm.js
 * (`make bench`) and check_size.js (`make test`): emu.wasm + emu.js after gzip at zlib level 9,
 * in KB of 1024 bytes; and the code bytes per function of a module linked with names
 * (--profiling-funcs). */
'use strict';
const fs = require('fs');
const zlib = require('zlib');

/* The budget of issue 4: what a lab page downloads when Start is pressed. */
const BUDGET_GZIP_BYTES = 150 * 1024;

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function readLeb(buf, pos) {
  let result = 0, shift = 0, byte;
  do {
    byte = buf[pos.at++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return result;
}

/* Returns {imported, bodies: [size], names: Map(index -> name)} of a .wasm file. */
function functionSizes(file) {
  const buf = fs.readFileSync(file);
  const pos = { at: 8 };
  let imported = 0;
  const bodies = [];
  const names = new Map();
  while (pos.at < buf.length) {
    const id = buf[pos.at++];
    const size = readLeb(buf, pos);
    const end = pos.at + size;
    if (id === 2) { /* imports: count the functions */
      const count = readLeb(buf, pos);
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < 2; k++) { const len = readLeb(buf, pos); pos.at += len; }
        const kind = buf[pos.at++];
        if (kind === 0) { readLeb(buf, pos); imported++; }
        else if (kind === 1) { pos.at++; const flags = readLeb(buf, pos); readLeb(buf, pos); if (flags & 1) readLeb(buf, pos); }
        else if (kind === 2) { const flags = readLeb(buf, pos); readLeb(buf, pos); if (flags & 1) readLeb(buf, pos); }
        else if (kind === 3) { pos.at += 2; }
      }
    } else if (id === 10) { /* code */
      const count = readLeb(buf, pos);
      for (let i = 0; i < count; i++) { const len = readLeb(buf, pos); bodies.push(len); pos.at += len; }
    } else if (id === 0) { /* custom: the name section's function names */
      const nameLen = readLeb(buf, pos);
      const name = buf.toString('utf8', pos.at, pos.at + nameLen);
      pos.at += nameLen;
      if (name === 'name') {
        while (pos.at < end) {
          const sub = buf[pos.at++];
          const subSize = readLeb(buf, pos);
          const subEnd = pos.at + subSize;
          if (sub === 1) {
            const count = readLeb(buf, pos);
            for (let i = 0; i < count; i++) {
              const index = readLeb(buf, pos);
              const len = readLeb(buf, pos);
              names.set(index, buf.toString('utf8', pos.at, pos.at + len));
              pos.at += len;
            }
          }
          pos.at = subEnd;
        }
      }
    }
    pos.at = end;
  }
  return { imported, bodies, names };
}

module.exports = { BUDGET_GZIP_BYTES, gzipSize, functionSizes };
