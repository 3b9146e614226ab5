// The encryption the settings layer needs: the async subset of Electron's `safeStorage`, injectable for tests.

/** Encrypts API keys at rest. Electron passes `safeStorage`; implementations must never log the plaintext. */
export interface SecretBox {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

/** A box that cannot encrypt: keys are then kept in memory for this run only, never written in plaintext. */
export const unavailableSecretBox: SecretBox = {
  isAsyncEncryptionAvailable: async () => false,
  encryptStringAsync: async () => {
    throw new Error('Encryption is not available');
  },
  decryptStringAsync: async () => {
    throw new Error('Encryption is not available');
  },
};
