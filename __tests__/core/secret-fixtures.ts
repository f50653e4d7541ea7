/**
 * Fake secrets, one or more per family, written from each vendor's documented
 * shape (prefix, length, alphabet) with obviously fake bodies. They are
 * assembled at run time so this file does not itself look like a leak to
 * scanners: every prefix is split.
 */

const cycle = (alphabet: string, length: number): string =>
  Array.from({ length }, (_, i) => alphabet[i % alphabet.length]).join('')
/** Letters and digits, mixed case: "aB3dE5gH7…". */
export const alnum = (length: number): string => cycle('aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0z', length)
const lower = (length: number): string => cycle('abc123def456', length)
const upper = (length: number): string => cycle('FAKE2345', length)
const hex = (length: number): string => cycle('deadbeef0123', length)
const digits = (length: number): string => cycle('1234567890', length)
const b64 = (length: number): string => cycle('Zm9vYmFy+/Fake', length)
const uuid = 'deadbeef-0000-4000-8000-0123456789ab'
const j = (...parts: string[]): string => parts.join('')

export const JWT = j('ey', 'JhbGciOiJub25lIn0', '.', 'ey', 'JzdWIiOiJmYWtlIn0', '.', alnum(43))

/** [family as named in SECRET_FAMILIES, fake token]. The whole token must be redacted. */
export const FAMILY_SAMPLES: readonly (readonly [string, string])[] = [
  [
    'private key',
    j(
      '-----BEGIN ',
      'OPENSSH PRIVATE KEY-----\n',
      b64(70),
      '\n',
      b64(30),
      '==\n-----END OPENSSH PRIVATE KEY-----'
    )
  ],
  ['JWT', JWT],
  ['base64 JWT', Buffer.from(JWT).toString('base64')],
  ['GitHub token', j('gh', 'p_', alnum(36))],
  ['GitHub token', j('gh', 's_', alnum(36))],
  ['GitHub fine-grained token', j('github', '_pat_', alnum(22), '_', alnum(59))],
  ['GitLab token', j('gl', 'pat-', alnum(20))],
  ['GitLab token', j('gl', 'rt-t1_', alnum(27), '.01.', lower(9))],
  ['GitLab runner registration token', j('GR13', '48941', alnum(20))],
  ['GitLab session cookie', j('_gitlab', '_session=', lower(32))],
  ['npm token', j('np', 'm_', alnum(36))],
  ['PyPI token', j('py', 'pi-AgEIcHlwaS5vcmc', alnum(70))],
  ['RubyGems key', j('ruby', 'gems_', hex(48))],
  ['Clojars token', j('CLO', 'JARS_', lower(60))],
  ['Artifactory key', j('AK', 'Cp', alnum(69))],
  ['Docker Hub token', j('dckr', '_pat_', alnum(27))],
  ['Sourcegraph token', j('sg', 'p_', hex(16), '_', hex(40))],
  ['SonarQube token', j('sq', 'u_', alnum(40))],
  ['Atlassian token', j('ATA', 'TT3', alnum(186))],
  ['Atlassian token', j('AT', 'BB', alnum(32))],
  ['Vault token', j('hv', 's.', alnum(95))],
  ['Vault token', j('s', '.', alnum(24))],
  ['Terraform Cloud token', j(alnum(14), '.atlas', 'v1.', alnum(64))],
  ['Pulumi token', j('pu', 'l-', hex(40))],
  ['Doppler token', j('dp', '.pt.', alnum(43))],
  ['Harness token', j('pat', '.', alnum(22), '.', alnum(24), '.', alnum(20))],
  ['Octopus Deploy key', j('AP', 'I-', upper(26))],
  ['Prefect key', j('pn', 'u_', alnum(36))],
  ['Databricks token', j('da', 'pi', hex(32))],
  ['Scalingo token', j('tk', '-us-', alnum(48))],
  ['Fly.io token', j('fo', '1_', alnum(43))],
  ['Heroku key', j('HR', 'KU-AA', alnum(58))],
  ['DigitalOcean token', j('do', 'p_v1_', hex(64))],
  ['Supabase token', j('sb', 'p_', hex(40))],
  ['Tailscale key', j('ts', 'key-auth-', alnum(12), '-', alnum(33))],
  ['Infracost key', j('ic', 'o-', alnum(32))],
  ['Linear key', j('lin', '_api_', alnum(40))],
  ['ReadMe key', j('rd', 'me_', lower(70))],
  ['Postman key', j('PM', 'AK-', hex(24), '-', hex(34))],
  ['Notion token', j('nt', 'n_', digits(11), alnum(35))],
  ['Figma token', j('fi', 'gd_', alnum(40))],
  ['Grafana token', j('gl', 'sa_', alnum(32), '_', hex(8))],
  ['Sentry token', j('sn', 'tryu_', hex(64))],
  ['Dynatrace token', j('dt0', 'c01.', upper(24), '.', alnum(64))],
  ['New Relic key', j('NR', 'AK-', upper(27))],
  ['SettleMint token', j('sm', '_pat_', alnum(16))],
  ['Defined Networking key', j('dn', 'key-', alnum(26), '-', alnum(52))],
  [
    '1Password secret',
    j(
      'A',
      '3-',
      upper(6),
      '-',
      upper(6),
      '-',
      upper(5),
      '-',
      upper(5),
      '-',
      upper(5),
      '-',
      upper(5)
    )
  ],
  ['age secret key', j('AGE-SECRET', '-KEY-1', cycle('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58))],
  ['Authress key', j('sc', '_', lower(10), '.', lower(4), '.acc_', lower(12), '.', alnum(40))],
  ['PlanetScale token', j('pscale', '_tkn_', alnum(43))],
  ['ClickHouse key', j('4b', '1d', alnum(38))],
  ['OpenShift token', j('sha', '256~', alnum(43))],
  ['AWS access key id', j('AK', 'IA', upper(16))],
  ['AWS access key id', j('AB', 'IA', upper(16))],
  ['AWS access key id', j('AC', 'CA', upper(16))],
  ['Amazon Bedrock key', j('AB', 'SK', b64(132))],
  ['Google credential', j('AI', 'za', alnum(35))],
  ['Google credential', j('ya', '29.', alnum(120))],
  ['Google credential', j('GOC', 'SPX-', alnum(28))],
  ['Azure AD client secret', j('Fk3', '8Q~', alnum(34))],
  ['Alibaba access key id', j('LT', 'AI', alnum(20))],
  ['Yandex Cloud key', j('AQ', 'VN', alnum(36))],
  ['Cloudflare Origin CA key', j('v1', '.0-', hex(24), '-', hex(146))],
  ['OpenAI / Anthropic key', j('s', 'k-ant-api03-', alnum(93), 'AA')],
  ['OpenAI / Anthropic key', j('s', 'k-proj-', alnum(74), 'T3Blbk', 'FJ', alnum(74))],
  ['Hugging Face token', j('h', 'f_', cycle('aBcDeFgH', 34))],
  ['Perplexity key', j('pp', 'lx-', alnum(48))],
  ['Groq key', j('gs', 'k_', alnum(52))],
  ['xAI key', j('xa', 'i-', alnum(80))],
  ['Replicate token', j('r', '8_', alnum(37))],
  ['Slack token', j('xo', 'xb-', digits(10), '-', digits(13), '-', alnum(24))],
  ['Slack token', j('xa', 'pp-1-', upper(11), '-', digits(13), '-', hex(64))],
  ['Slack token', j('xo', 'xe-1-', alnum(146))],
  [
    'Slack webhook',
    j('https://hooks.', 'slack.com/services/T', upper(8), '/B', upper(8), '/', alnum(24))
  ],
  ['Discord webhook', j('https://discord.com/api/', 'webhooks/', digits(18), '/', alnum(68))],
  [
    'Microsoft Teams webhook',
    j(
      'https://contoso.',
      'webhook.office.com/webhookb2/',
      uuid,
      '@',
      uuid,
      '/IncomingWebhook/',
      hex(32),
      '/',
      uuid
    )
  ],
  ['Stripe key', j('s', 'k_live_', alnum(24))],
  ['Stripe key', j('r', 'k_test_', alnum(99))],
  ['Stripe key', j('wh', 'sec_', alnum(32))],
  ['Shopify token', j('sh', 'pat_', hex(32))],
  ['SendGrid key', j('S', 'G.', alnum(22), '.', alnum(43))],
  ['Brevo key', j('xkey', 'sib-', hex(64), '-', alnum(16))],
  ['Mailgun key', j('ke', 'y-', hex(32))],
  ['Mailchimp key', j(hex(32), '-us', '21')],
  ['Twilio key', j('S', 'K', hex(32))],
  ['Telegram bot token', j(digits(9), ':A', 'A', alnum(33))],
  ['Facebook token', j('EA', 'AB', alnum(120))],
  ['Facebook token', j(digits(15), '|', alnum(27))],
  ['Twitter bearer token', j('A'.repeat(22), alnum(90))],
  ['Mapbox token', j('p', 'k.', 'eyJ1Ijoi', alnum(60), '.', alnum(22))],
  ['Square token', j('sq0', 'atp-', alnum(22))],
  ['Plaid token', j('access-', 'sandbox-', uuid)],
  ['Flutterwave key', j('FLW', 'SECK_TEST-', hex(32), '-X')],
  ['Duffel token', j('duf', 'fel_test_', alnum(43))],
  ['Shippo token', j('shi', 'ppo_test_', hex(40))],
  ['EasyPost key', j('EZ', 'TK', alnum(54))],
  ['Frame.io token', j('fio', '-u-', alnum(64))],
  ['Typeform token', j('tf', 'p_', alnum(59))],
  ['Adobe client secret', j('p8', 'e-', alnum(32))],
  ['Airtable token', j('pa', 't', alnum(14), '.', hex(64))],
  ['MaxMind key', j(alnum(6), '_', alnum(29), '_m', 'mk')],
  ['42 client secret', j('s-s4', 't2ud-', hex(64))]
]

/**
 * [family, text, the text once redacted]: rules that redact only the secret
 * part and keep the label, the user name or the host for the reader.
 */
export const LABELLED_SAMPLES: readonly (readonly [string, string, string])[] = [
  [
    'URL credentials',
    j('postgres://deploy:', alnum(20), '@db.example.com:5432/app'),
    'postgres://deploy:[REDACTED]@db.example.com:5432/app'
  ],
  [
    'Azure account key',
    j('DefaultEndpointsProtocol=https;AccountName=fake;Account', 'Key=', b64(86), '==;'),
    'DefaultEndpointsProtocol=https;AccountName=fake;AccountKey=[REDACTED];'
  ],
  [
    'Azure SAS signature',
    j('https://fake.blob.core.windows.net/c?sv=2022-11-02&sp=r&si', 'g=', alnum(40), '%3D'),
    'https://fake.blob.core.windows.net/c?sv=2022-11-02&sp=r&sig=[REDACTED]'
  ],
  [
    'AWS secret access key',
    j('aws_secret_', 'access_key = ', b64(40)),
    'aws_secret_access_key = [REDACTED]'
  ]
]
