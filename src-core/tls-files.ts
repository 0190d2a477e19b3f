// `serve --tls-cert FILE --tls-key FILE`: the PEM pair the server listens with over TLS, read and checked before
// anything starts, each problem said in one line (a file that cannot be read, no PEM certificate or key in it, a key
// that is not the certificate's).
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export type TlsFiles = { cert: Buffer; key: Buffer };

/** A start-up problem with the TLS files, said as one line. */
export class TlsFileError extends Error {}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'it is a directory',
};

function read(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new TlsFileError(`cannot read ${flag} ${path}: ${REASONS[code] ?? (error as Error).message}`);
  }
}

/** Reads and checks the pair: a PEM certificate (a chain may follow it) and the unencrypted PEM private key it was made for. */
export function readTlsFiles(certPath: string, keyPath: string): TlsFiles {
  const cert = read('--tls-cert', certPath);
  const key = read('--tls-key', keyPath);
  let certificate: X509Certificate;
  try {
    if (!/-----BEGIN (?:TRUSTED )?CERTIFICATE-----/.test(cert.toString('latin1'))) throw new Error('no PEM block');
    certificate = new X509Certificate(cert);
  } catch {
    throw new TlsFileError(`--tls-cert ${certPath} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  let privateKey: KeyObject;
  try {
    if (!/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(key.toString('latin1'))) throw new Error('no PEM block');
    privateKey = createPrivateKey(key);
  } catch (error) {
    const encrypted = (error as NodeJS.ErrnoException).code === 'ERR_MISSING_PASSPHRASE';
    throw new TlsFileError(encrypted
      ? `--tls-key ${keyPath} is encrypted: give an unencrypted PEM private key (openssl pkey -in ${keyPath} -out plain.key)`
      : `--tls-key ${keyPath} is not a PEM private key (-----BEGIN PRIVATE KEY-----)`);
  }
  if (!certificate.checkPrivateKey(privateKey)) throw new TlsFileError(`--tls-key ${keyPath} is not the private key of the certificate in --tls-cert ${certPath}`);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new TlsFileError(`--tls-cert ${certPath} and --tls-key ${keyPath} cannot be served over TLS: ${(error as Error).message}`);
  }
  return { cert, key };
}
