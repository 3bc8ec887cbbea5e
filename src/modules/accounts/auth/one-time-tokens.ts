import { randomToken, tokenDigest } from '../../../lib/crypto';

/** Single-use secrets sent by mail (invitations, password resets) and API keys: the caller gets the token, the table its digest. */
export class OneTimeTokens {
  constructor(private readonly secret: string) {}

  issue(prefix = ''): { token: string; digest: string } {
    const token = `${prefix}${randomToken()}`;
    return { token, digest: this.digest(token) };
  }

  digest(token: string): string {
    return tokenDigest(token, this.secret);
  }
}
