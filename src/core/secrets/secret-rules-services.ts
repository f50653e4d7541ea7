import type { SecretRule } from './secret-rule.js'

/**
 * Keys of cloud providers, AI APIs and SaaS (messaging, payments, commerce)
 * that name themselves by a fixed prefix or shape. One line per family; the
 * comment names where the shape comes from (the vendor's documented format).
 * Lengths are kept a little looser than documented; every quantifier is bounded,
 * and a `(?<![…])` before a long token keeps it from starting again at every
 * character of a run of its own alphabet, so the scan stays linear.
 */
export const SERVICE_TOKENS: readonly SecretRule[] = [
  // AWS: docs.aws.amazon.com "Unique identifiers" — AKIA (user), ASIA (session), ABIA (STS bearer), ACCA (context), A3T….
  ['AWS access key id', String.raw`(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`],
  // Amazon Bedrock API keys: long-lived ABSK + base64; short-lived bedrock-api-key- + base64("bedrock.amazonaws.com…").
  [
    'Amazon Bedrock key',
    String.raw`(?<![+/])ABSK[A-Za-z0-9+/]{100,300}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%_.-]{0,4000}`
  ],
  // Google: cloud.google.com "API keys" AIza + 35; OAuth access tokens ya29.; OAuth client secrets GOCSPX- + 28.
  [
    'Google credential',
    String.raw`AIza[0-9A-Za-z_-]{35}|(?<![_-])ya29\.[0-9A-Za-z_-]{20,2048}|GOCSPX-[A-Za-z0-9_-]{28}`
  ],
  // Microsoft Entra ID client secret: 3 chars, a digit, "Q~", 31–34 chars.
  ['Azure AD client secret', String.raw`[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}`],
  // Alibaba Cloud: AccessKey ids start with LTAI.
  ['Alibaba access key id', String.raw`LTAI[A-Za-z0-9]{12,24}`],
  // Yandex Cloud: API keys AQVN…, IAM tokens t1.<part>.<86>.
  [
    'Yandex Cloud key',
    String.raw`AQVN[A-Za-z0-9_-]{35,38}|t1\.[A-Za-z0-9_-]{1,100}={0,2}\.[A-Za-z0-9_-]{86}={0,2}`
  ],
  // Cloudflare Origin CA key: v1.0- + 24 hex - 146 hex.
  ['Cloudflare Origin CA key', String.raw`v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`],
  // OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-) and Anthropic (sk-ant-api03-, sk-ant-admin01-) keys.
  ['OpenAI / Anthropic key', String.raw`(?<![_-])sk-[A-Za-z0-9_-]{20,400}`],
  // Hugging Face: huggingface.co/docs "User access tokens" — hf_ + 34; organisation tokens api_org_.
  ['Hugging Face token', String.raw`hf_[A-Za-z0-9]{30,40}|api_org_[A-Za-z0-9]{30,40}`],
  // Perplexity: docs.perplexity.ai "API keys" — pplx- + 48.
  ['Perplexity key', String.raw`pplx-[A-Za-z0-9]{48}`],
  // Groq: console.groq.com keys — gsk_ + 52.
  ['Groq key', String.raw`gsk_[A-Za-z0-9]{48,56}`],
  // xAI: docs.x.ai keys — xai- + 80.
  ['xAI key', String.raw`xai-[A-Za-z0-9]{60,90}`],
  // Replicate: replicate.com "API tokens" — r8_ + 37.
  ['Replicate token', String.raw`r8_[A-Za-z0-9]{37}`],
  // Slack: api.slack.com "Token types" — xoxb/xoxp/xoxa/xoxr/xoxe/xoxs/xoxo- (digits early), xoxe.xoxp- config, xapp- app tokens.
  [
    'Slack token',
    String.raw`xox[abeoprs]-(?=[A-Za-z0-9-]{0,20}[0-9])[A-Za-z0-9-]{10,300}|xoxe\.xox[bp]-[0-9]-[A-Za-z0-9]{100,200}|xapp-[0-9]-[A-Za-z0-9-]{20,300}`
  ],
  // Slack incoming webhooks: hooks.slack.com/services|workflows|triggers/….
  [
    'Slack webhook',
    String.raw`(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,200}`
  ],
  // Discord webhooks: discord.com/api/webhooks/<id>/<token>.
  [
    'Discord webhook',
    String.raw`(?:https?://)?(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,80}`
  ],
  // Microsoft Teams incoming webhooks: <tenant>.webhook.office.com/webhookb2/….
  [
    'Microsoft Teams webhook',
    String.raw`https://[A-Za-z0-9-]{1,63}\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{20,400}`
  ],
  // Stripe: docs.stripe.com "API keys" — sk_/rk_ + test|live + base62; webhook secrets whsec_.
  [
    'Stripe key',
    String.raw`(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{32,64}`
  ],
  // Shopify: shopify.dev "Access tokens" — shpat_/shpca_/shppa_/shpss_ + 32 hex.
  ['Shopify token', String.raw`shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`],
  // SendGrid: docs.sendgrid.com "API keys" — SG. + 22 . + 43.
  ['SendGrid key', String.raw`SG\.[A-Za-z0-9=_.-]{60,70}`],
  // Brevo (Sendinblue): xkeysib-/xsmtpsib- + 64 hex - 16.
  ['Brevo key', String.raw`x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}`],
  // Mailgun: key- + 32 hex (private), pubkey- + 32 hex; not the tail of a name like cache-key-<md5>.
  ['Mailgun key', String.raw`(?<![._-])(?:pub)?key-[a-f0-9]{32}`],
  // Mailchimp: 32 hex + -us + data-centre number.
  ['Mailchimp key', String.raw`[a-f0-9]{32}-us[0-9]{1,2}`],
  // Twilio: API key SIDs SK + 32 hex.
  ['Twilio key', String.raw`SK[0-9a-fA-F]{32}`],
  // Telegram: core.telegram.org/bots "Authorization" — bot id : A + 34.
  ['Telegram bot token', String.raw`[0-9]{5,16}:A[A-Za-z0-9_-]{34}`],
  // Meta: app access tokens <app id>|<secret> (| maybe URL-encoded); user and page tokens EAA….
  [
    'Facebook token',
    String.raw`[0-9]{15,16}(?:\||%7[Cc])[0-9A-Za-z_-]{27,40}|(?<![+/])EAA[A-Za-z0-9]{90,1000}(?![+/])`
  ],
  // X (Twitter) app-only bearer tokens: 22 × A then base62 and %.
  ['Twitter bearer token', String.raw`(?<![+/])A{22}[A-Za-z0-9%]{80,120}(?![+/])`],
  // Mapbox: pk./sk./tk. + base64 JSON . + signature.
  ['Mapbox token', String.raw`[pst]k\.[A-Za-z0-9_-]{60,200}\.[A-Za-z0-9_-]{20,40}`],
  // Square: developer.squareup.com "Access tokens" — EAAA… and sq0atp-/sq0csp-.
  ['Square token', String.raw`EAAA[A-Za-z0-9_-]{22,60}|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}`],
  // Plaid: access-<environment>-<uuid>.
  [
    'Plaid token',
    String.raw`access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`
  ],
  // Flutterwave: FLWPUBK-/FLWSECK- (_TEST) + 32 hex + -X; encryption keys FLWSECK_TEST + 12.
  ['Flutterwave key', String.raw`FLW(?:PUBK|SECK)(?:_TEST)?-[A-Za-z0-9]{12,32}(?:-X)?`],
  // Duffel: duffel.com/docs "Access tokens" — duffel_test_/duffel_live_ + 43.
  ['Duffel token', String.raw`duffel_(?:test|live)_[A-Za-z0-9_=-]{43}`],
  // Shippo: shippo_live_/shippo_test_ + 40 hex.
  ['Shippo token', String.raw`shippo_(?:live|test)_[a-fA-F0-9]{40}`],
  // EasyPost: production EZAK…, test EZTK… + 54.
  ['EasyPost key', String.raw`EZ[AT]K[A-Za-z0-9]{54}`],
  // Frame.io developer tokens: fio-u- + 64.
  ['Frame.io token', String.raw`fio-u-[A-Za-z0-9_=-]{64}`],
  // Typeform personal tokens: tfp_ + 59.
  ['Typeform token', String.raw`tfp_[A-Za-z0-9_.=-]{40,80}`],
  // Adobe client secrets: p8e- + 32.
  ['Adobe client secret', String.raw`p8e-[A-Za-z0-9]{32}`],
  // Airtable personal access tokens: pat + 14 . + 64 hex.
  ['Airtable token', String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`],
  // MaxMind license keys: 6 _ 29 _mmk.
  ['MaxMind key', String.raw`[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk`],
  // 42 (intra) client secrets: s-s4t2ud-/s-s4t2af- + 64 hex.
  ['42 client secret', String.raw`s-s4t2(?:ud|af)-[a-fA-F0-9]{64}`]
]
