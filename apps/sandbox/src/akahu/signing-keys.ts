// Akahu's webhook signing keys: RSA key pairs with increasing integer ids. Rotation adds a key; old
// public keys stay readable at /v1/keys/{id} so that verification of older webhooks can be attempted.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

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

  /**
   * `X-Akahu-Signature` (base64 RSA-SHA256 of the raw body) and `X-Akahu-Signing-Key` (key id). Signed on
   * libuv's thread pool, not the event loop: an RSA signature costs about a millisecond, and the simulators
   * share their process with the app (13 % of its CPU in a 10,000-member clock run when signed inline).
   */
  sign(body: string, keyId?: number): Promise<Record<string, string>> {
    const key =
      keyId === undefined ? this.current() : (this.keys.find((k) => k.id === keyId) ?? this.current());
    return new Promise((resolve, reject) => {
      sign('sha256', Buffer.from(body), key.privateKey, (error, signature) => {
        if (error) reject(error);
        else
          resolve({
            'X-Akahu-Signature': signature.toString('base64'),
            'X-Akahu-Signing-Key': String(key.id),
          });
      });
    });
  }
}
