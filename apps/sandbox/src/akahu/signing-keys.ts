// Akahu's webhook signing keys: RSA key pairs with increasing integer ids. Rotation adds a key; old
// public keys stay readable at /v1/keys/{id} so that verification of older webhooks can be attempted.
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

interface SigningKey {
  id: number;
  privateKey: KeyObject;
  publicPem: string;
}

export class SigningKeys {
  private keys: SigningKey[] = [];

  private create(): SigningKey {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key: SigningKey = {
      id: this.keys.length + 1,
      privateKey,
      publicPem: publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    };
    this.keys.push(key);
    return key;
  }

  current(): SigningKey {
    return this.keys.at(-1) ?? this.create();
  }

  rotate(): number {
    this.current();
    return this.create().id;
  }

  publicPem(id: number): string | undefined {
    if (this.keys.length === 0) this.current();
    return this.keys.find((k) => k.id === id)?.publicPem;
  }

  /** `X-Akahu-Signature` (base64 RSA-SHA256 of the raw body) and `X-Akahu-Signing-Key` (key id). */
  sign(body: string, keyId?: number): Record<string, string> {
    const key =
      keyId === undefined ? this.current() : (this.keys.find((k) => k.id === keyId) ?? this.current());
    const signature = createSign('sha256').update(body).end().sign(key.privateKey, 'base64');
    return { 'X-Akahu-Signature': signature, 'X-Akahu-Signing-Key': String(key.id) };
  }
}
