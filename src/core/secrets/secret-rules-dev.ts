import type { SecretRule } from './secret-rule.js'

/**
 * Tokens of code hosts, package registries, CI/CD and developer platforms that
 * name themselves by a fixed prefix. One line per family; the comment names
 * where the shape comes from (the vendor's documented token format). Lengths
 * are kept a little looser than documented so a format revision still matches,
 * and every quantifier is bounded; a `(?<![…])` before a long token keeps it
 * from starting again at every character of a run of its own alphabet, so the
 * scan stays linear.
 */
export const DEV_PLATFORM_TOKENS: readonly SecretRule[] = [
  // GitHub: docs.github.com "About authentication" — ghp_/gho_/ghu_/ghs_/ghr_ + base62.
  ['GitHub token', String.raw`gh[pousr]_[A-Za-z0-9]{20,255}`],
  // GitHub fine-grained PAT: github_pat_ + base62 and underscores.
  ['GitHub fine-grained token', String.raw`github_pat_[A-Za-z0-9_]{20,255}`],
  // GitLab: docs.gitlab.com "Token prefixes" (glpat-, gloas-, gldt-, glrt-, glcbt-, glptt-, glft-, glimt-, glagent-, glsoat-, glffct-, glwt-; routable ones carry `.`, never last).
  [
    'GitLab token',
    String.raw`gl(?:pat|oas|dt|rt|rtr|cbt|ptt|ft|imt|agent|soat|ffct|wt)-[0-9A-Za-z_.-]{19,299}[0-9A-Za-z_-]`
  ],
  // GitLab runner registration token (legacy): GR1348941 + 20.
  ['GitLab runner registration token', String.raw`GR1348941[0-9A-Za-z_-]{20,64}`],
  // GitLab session cookie: _gitlab_session= + 32 hex/alnum.
  ['GitLab session cookie', String.raw`_gitlab_session=[0-9a-z]{32}`],
  // npm: docs.npmjs.com "Creating and viewing access tokens" — npm_ + 36 base62.
  ['npm token', String.raw`npm_[A-Za-z0-9]{36}`],
  // PyPI: pypi.org/help "API tokens" — macaroon "pypi-AgEIcHlwaS5vcmc…" (test.pypi.org: "pypi-AgENdGVzdC5weXBpLm9yZw…").
  ['PyPI token', String.raw`pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000}`],
  // RubyGems: guides.rubygems.org "API key scopes" — rubygems_ + 48 hex.
  ['RubyGems key', String.raw`rubygems_[a-f0-9]{48}`],
  // Clojars: clojars.org "Deploy tokens" — CLOJARS_ + 60.
  ['Clojars token', String.raw`CLOJARS_[A-Za-z0-9]{60}`, 'i'],
  // JFrog Artifactory: API key AKCp + 69; reference token (base64 of "reftkn…") cmVmd + 59.
  ['Artifactory key', String.raw`AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59}`],
  // Docker Hub: docs.docker.com "Personal access tokens" — dckr_pat_ + 27.
  ['Docker Hub token', String.raw`dckr_pat_[A-Za-z0-9_-]{27,40}`],
  // Sourcegraph: sgp_ + (16 hex instance id | "local") _ + 40 hex, or sgp_ + 40 hex.
  ['Sourcegraph token', String.raw`sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}`],
  // SonarQube: docs.sonarsource.com "Generating tokens" — squ_/sqp_/sqa_ + 40.
  ['SonarQube token', String.raw`sq[upa]_[A-Za-z0-9]{40}`],
  // Atlassian: support.atlassian.com "API tokens" — ATATT3 + ~186; Bitbucket app passwords ATBB + 32.
  ['Atlassian token', String.raw`ATATT3[A-Za-z0-9_=-]{150,250}|ATBB[A-Za-z0-9]{28,40}`],
  // HashiCorp Vault: developer.hashicorp.com "Tokens" — hvs./hvb./hvr. + base62, legacy s. + 24 mixed.
  [
    'Vault token',
    String.raw`hv[sbr]\.[A-Za-z0-9_-]{90,400}|s\.(?=[A-Za-z]{0,23}[0-9])(?=[a-z0-9]{0,23}[A-Z])(?=[A-Z0-9]{0,23}[a-z])[A-Za-z0-9]{24}(?!\()`
  ],
  // Terraform Cloud: 14 chars . atlasv1 . 60–70.
  ['Terraform Cloud token', String.raw`[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}`],
  // Pulumi: pulumi.com/docs "Access tokens" — pul- + 40 hex.
  ['Pulumi token', String.raw`pul-[a-f0-9]{40}`],
  // Doppler: docs.doppler.com "Token formats" — dp.pt./dp.st./dp.sa./dp.ct./dp.scim./dp.audit. + 40–44.
  ['Doppler token', String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}`],
  // Harness: developer.harness.io "API keys" — pat./sat. + account . key id . secret.
  ['Harness token', String.raw`(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`],
  // Octopus Deploy: API- + 26 upper-case letters and digits (at least one digit).
  ['Octopus Deploy key', String.raw`API-(?=[A-Z]{0,25}[0-9])[A-Z0-9]{26}`],
  // Prefect: pnu_ + 36.
  ['Prefect key', String.raw`pnu_[A-Za-z0-9]{36}`],
  // Databricks: docs.databricks.com "Personal access tokens" — dapi + 32 hex (optional -N).
  ['Databricks token', String.raw`dapi[a-f0-9]{32}(?:-[0-9])?`],
  // Scalingo: tk-us- + 48.
  ['Scalingo token', String.raw`tk-us-[A-Za-z0-9_-]{48}`],
  // Fly.io: fo1_ + 43, macaroons fm1a_/fm1r_/fm2_ + base64.
  [
    'Fly.io token',
    String.raw`fo1_[A-Za-z0-9_-]{43}|(?<![+/])fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,4000}={0,3}`
  ],
  // Heroku: devcenter.heroku.com "API tokens" (2024 format) — HRKU-AA + 58.
  ['Heroku key', String.raw`HRKU-AA[0-9A-Za-z_-]{58}`],
  // DigitalOcean: docs.digitalocean.com "Token prefixes" — dop_v1_/doo_v1_/dor_v1_ + 64 hex.
  ['DigitalOcean token', String.raw`do[opr]_v1_[a-f0-9]{64}`],
  // Supabase management token: sbp_ + 40 hex.
  ['Supabase token', String.raw`sbp_[a-f0-9]{40}`],
  // Tailscale: tailscale.com/kb "Keys" — tskey-(auth|api|client|scim|webhook)- + id - secret.
  ['Tailscale key', String.raw`tskey-[a-z]{3,8}-[A-Za-z0-9]{8,24}-[A-Za-z0-9]{20,48}`],
  // Infracost: ico- + 32.
  ['Infracost key', String.raw`ico-[A-Za-z0-9]{32}`],
  // Linear: linear.app/developers — lin_api_/lin_oauth_ + 40.
  ['Linear key', String.raw`lin_(?:api|oauth)_[A-Za-z0-9]{40}`],
  // ReadMe: rdme_ + 70.
  ['ReadMe key', String.raw`rdme_[a-z0-9]{70}`],
  // Postman: learning.postman.com "API keys" — PMAK- + 24 hex - 34 hex.
  ['Postman key', String.raw`PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}`],
  // Notion: developers.notion.com "Authorization" — ntn_ + 11 digits + 35, legacy secret_ + 43.
  ['Notion token', String.raw`ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43}`],
  // Figma: figd_ personal access token.
  ['Figma token', String.raw`figd_[A-Za-z0-9_-]{40,60}`],
  // Grafana: API keys (base64 of {"k":") eyJrIjoi…, Cloud tokens glc_…, service accounts glsa_ + 32 _ 8 hex.
  [
    'Grafana token',
    String.raw`eyJrIjoi[A-Za-z0-9]{70,400}={0,3}|(?<![+/])glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}`
  ],
  // Sentry: docs.sentry.io "Auth tokens" — org tokens sntrys_ + base64 JSON + _ + secret; user tokens sntryu_ + 64 hex.
  ['Sentry token', String.raw`(?<![+/_])sntrys_eyJ[A-Za-z0-9+/=_]{60,600}|sntryu_[a-f0-9]{64}`],
  // Dynatrace: docs.dynatrace.com "Access tokens" — dt0c01. + 24 . + 64.
  ['Dynatrace token', String.raw`dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`],
  // New Relic: docs.newrelic.com "API keys" — NRAK- user key, NRJS- browser, NRII- insert.
  ['New Relic key', String.raw`NR(?:AK|JS|II)-[A-Za-z0-9-]{19,40}`],
  // SettleMint: sm_aat_/sm_pat_/sm_sat_ + 16.
  ['SettleMint token', String.raw`sm_[aps]at_[A-Za-z0-9]{16}`],
  // Defined Networking: dnkey- + 26 - 52.
  ['Defined Networking key', String.raw`dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}`],
  // 1Password: secret key A3-XXXXXX-… and service-account token ops_eyJ….
  [
    '1Password secret',
    String.raw`A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})(?:-[A-Z0-9]{5}){3}|(?<![+/])ops_eyJ[A-Za-z0-9+/]{100,4000}={0,3}`
  ],
  // age: age-encryption.org/v1 — AGE-SECRET-KEY-1 + 58 bech32 characters.
  ['age secret key', String.raw`AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`],
  // Authress: (sc|ext|scauth|authress)_ id . key . acc_ account . secret.
  [
    'Authress key',
    String.raw`(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}`
  ],
  // PlanetScale: planetscale.com/docs "Service tokens" — pscale_pw_/pscale_tkn_/pscale_oauth_ + 32–64.
  ['PlanetScale token', String.raw`pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_=.-]{32,64}`],
  // ClickHouse Cloud API secret: 4b1d + 38.
  ['ClickHouse key', String.raw`4b1d[A-Za-z0-9]{38}`],
  // OpenShift user token: sha256~ + 43.
  ['OpenShift token', String.raw`sha256~[A-Za-z0-9_-]{43}`]
]
