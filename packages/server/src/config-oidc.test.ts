import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'parley-config-'));
const complete = {
  OIDC_ISSUER_URL: 'https://id.example.com/realms/acme/',
  OIDC_CLIENT_ID: 'parley',
  OIDC_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://parley.example.com/',
};

describe('OpenID Connect configuration', () => {
  it('is off when no OIDC variable is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).oidc).toBeUndefined();
  });

  it('has the documented defaults and derives the redirect URI from PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...complete });
    expect(config.oidc).toEqual({
      issuerUrl: 'https://id.example.com/realms/acme/',
      clientId: 'parley',
      clientSecret: 'secret',
      displayName: 'Single Sign-On',
      scopes: 'openid email profile',
      publicUrl: 'https://parley.example.com',
      redirectUri: 'https://parley.example.com/auth/oidc/callback',
      allowSignup: true,
      allowedDomains: [],
    });
  });

  it('reads the optional variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...complete,
      OIDC_DISPLAY_NAME: 'Keycloak',
      OIDC_SCOPES: 'openid email',
      OIDC_ALLOW_SIGNUP: 'false',
      OIDC_ALLOWED_DOMAINS: 'Acme.com, @staff.acme.com',
    });
    expect(config.oidc).toMatchObject({
      displayName: 'Keycloak',
      scopes: 'openid email',
      allowSignup: false,
      allowedDomains: ['acme.com', 'staff.acme.com'],
    });
  });

  it('lets sign-up through the provider follow ALLOW_REGISTRATION unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...complete, ALLOW_REGISTRATION: 'false' }).oidc?.allowSignup).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...complete, ALLOW_REGISTRATION: 'false', OIDC_ALLOW_SIGNUP: 'true' }).oidc
        ?.allowSignup,
    ).toBe(true);
  });

  it.each([['OIDC_ISSUER_URL'], ['OIDC_CLIENT_ID'], ['OIDC_CLIENT_SECRET'], ['PUBLIC_URL']])(
    'stops start-up when %s is missing from a partial configuration, naming it',
    (name) => {
      const env = { DATA_DIR: dataDir(), ...complete, [name]: '' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: is required`));
    },
  );

  it('treats a lone OIDC_DISPLAY_NAME as a partial configuration', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OIDC_DISPLAY_NAME: 'Google' })).toThrow(/OIDC_ISSUER_URL/);
  });

  it.each([
    [{ OIDC_ISSUER_URL: 'id.example.com' }, 'OIDC_ISSUER_URL'],
    [{ PUBLIC_URL: 'ftp://parley.example.com' }, 'PUBLIC_URL'],
    [{ OIDC_SCOPES: 'email profile' }, 'OIDC_SCOPES'],
    [{ OIDC_ALLOW_SIGNUP: 'sometimes' }, 'OIDC_ALLOW_SIGNUP'],
    [{ OIDC_ALLOWED_DOMAINS: 'acme.com, not a domain' }, 'OIDC_ALLOWED_DOMAINS'],
  ])('stops on %j with a message naming %s', (override, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...complete, ...override })).toThrow(new RegExp(name));
  });
});
