import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, SCRYPT, verifyPassword } from './password.js';

describe('dashboard passwords (scrypt)', () => {
  it('verifies the password it hashed, and no other', async () => {
    const stored = await hashPassword('correct horse battery staple', 'SaltSaltSaltSaltSalt12');
    expect(stored).toMatch(
      new RegExp(`^scrypt\\$${SCRYPT.N}\\$${SCRYPT.r}\\$${SCRYPT.p}\\$SaltSaltSaltSaltSalt12\\$[\\w-]{43}$`),
    );
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('gives the same password a different hash under another salt', async () => {
    const a = await hashPassword('same', 'SaltA234567890123456789');
    const b = await hashPassword('same', 'SaltB234567890123456789');
    expect(a).not.toBe(b);
  });

  it('never matches the dummy hash or a malformed one', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('password', DUMMY_HASH)).toBe(false);
    for (const bad of ['', 'scrypt$1$2$3', 'bcrypt$a$b$c$d$e', `scrypt$x$8$1$salt$${'A'.repeat(43)}`]) {
      expect(await verifyPassword('password', bad)).toBe(false);
    }
  });
});
