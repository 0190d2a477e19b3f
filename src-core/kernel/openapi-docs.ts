// The API reference page (`GET /docs`): the OpenAPI document rendered as one static HTML page, offline, no script: each
// operation grouped by its first path segment, with its scope, parameters, body fields and what it answers. Every text
// is escaped.

type Schema = { $ref?: string; type?: string | string[]; enum?: unknown[]; const?: unknown; default?: unknown; description?: string; minimum?: number; maximum?: number;
  minLength?: number; maxLength?: number; format?: string; items?: Schema; anyOf?: Schema[]; properties?: Record<string, Schema>; required?: string[] };
type Parameter = { name: string; in: string; required: boolean; schema: Schema; description?: string };
type Operation = { summary: string; description?: string; tags: string[]; 'x-scopes': string[]; parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }> };
type Document = { info: { title: string; version: string; description: string }; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };

const escape = (text: unknown): string => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escaped, with `code spans` as code. */
const prose = (text: string): string => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A schema in a few words: its type (or the values it takes), its bounds, its default and description. */
function describe(schema: Schema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => `<code>${escape(v)}</code>`).join(', ')}`);
  else if (schema.const !== undefined) parts.push(`<code>${escape(JSON.stringify(schema.const))}</code>`);
  else if (schema.anyOf) parts.push(schema.anyOf.map((branch) => describe(branch) || 'any').join(' or '));
  else if (schema.type === 'array') parts.push(`array of ${describe(schema.items) || 'any'}`);
  else if (schema.type) parts.push(escape(Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type));
  if (schema.format) parts.push(escape(schema.format));
  if (schema.minimum !== undefined && schema.minimum > 0) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`≤ ${schema.maxLength} characters`);
  if (schema.default !== undefined) parts.push(`default <code>${escape(JSON.stringify(schema.default))}</code>`);
  if (schema.description) parts.push(prose(schema.description));
  return parts.join(' · ');
}

/** What a success answer is, in a few words: a named shape, a list of one, or an object's fields. */
function answered(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return `<code>${escape(schema.$ref.split('/').at(-1))}</code>`;
  const data = schema.properties?.data;
  if (data?.type === 'array') return `a list of ${answered(data.items) || 'objects'}`;
  const fields = Object.keys(schema.properties ?? {});
  return fields.length ? `{${fields.slice(0, 8).map((name) => `<code>${escape(name)}</code>`).join(', ')}${fields.length > 8 ? ', …' : ''}}` : '';
}

const row = (name: string, where: string, required: boolean, schema: Schema | undefined): string =>
  `<tr><td><code>${escape(name)}</code>${required ? ' <span class="req">required</span>' : ''}</td><td>${escape(where)}</td><td>${describe(schema)}</td></tr>`;

function operationHtml(method: string, path: string, op: Operation): string {
  const rows = (op.parameters ?? []).map((p) => row(p.name, p.in, p.required, { ...p.schema, ...(p.description ? { description: p.description } : {}) }));
  const json = op.requestBody?.content['application/json']?.schema;
  const multipart = op.requestBody?.content['multipart/form-data']?.schema;
  const body = json ?? multipart;
  const branches = body?.properties ? [body] : (body?.anyOf ?? []);
  for (const branch of branches) {
    for (const [name, schema] of Object.entries(branch.properties ?? {})) rows.push(row(name, multipart ? 'form' : 'body', (branch.required ?? []).includes(name), schema));
  }
  const statuses = Object.entries(op.responses).map(([code, r]) => `<span title="${escape(r.description)}">${escape(code)}</span>`).join(' ');
  const success = Object.entries(op.responses).find(([code, r]) => code.startsWith('2') && r.content);
  const answer = success ? ` · ${escape(success[0])} answers ${answered(success[1].content?.['application/json']?.schema)}` : '';
  const scope = op.description?.startsWith('Needs `<channel>') ? '<code>&lt;channel&gt;:send</code> for each channel the body names'
    : op['x-scopes'][0] ? `<code>${escape(op['x-scopes'][0])}</code>` : 'none';
  // A summary that only repeats the method and path is left out.
  const summary = op.summary === `${method.toUpperCase()} ${path}` ? '' : `${escape(op.summary)} · `;
  return `<section class="op" id="${escape(`${method}-${path}`)}"><h3><span class="m ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${summary}scope ${scope} · answers ${statuses}${answer}</p>
${rows.length ? `<table><thead><tr><th>Name</th><th>In</th><th>Takes</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : ''}</section>`;
}

export function renderApiReference(doc: Document): string {
  const groups = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? 'api';
      groups.set(tag, [...(groups.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  const base = doc.servers[0]?.url ?? '/v1';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2130;background:#f6f7fb}main{max-width:1100px;margin:0 auto;padding:24px}
nav{columns:4 160px;margin:12px 0 24px}nav a{display:block;color:#4338ca}h2{margin:32px 0 8px;border-bottom:1px solid #dde1ea}
.op{background:#fff;border:1px solid #dde1ea;border-radius:8px;padding:12px 16px;margin:10px 0}.op h3{margin:0 0 4px;font-size:15px}
.op p{margin:0 0 8px;color:#4a5163}table{border-collapse:collapse;width:100%;font-size:14px}td,th{text-align:left;padding:4px 8px;border-top:1px solid #eef0f5;vertical-align:top}
td:first-child{white-space:nowrap}.req{color:#b42318;font-size:12px}.m{font:600 12px monospace;padding:2px 6px;border-radius:4px;background:#e0e7ff;color:#3730a3}
.m.post{background:#dcfce7;color:#166534}.m.delete{background:#fee2e2;color:#991b1b}.m.patch,.m.put{background:#fef3c7;color:#92400e}code{font-size:13px}
</style></head><body><main><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)} Base URL: <code>${escape(base)}</code>. The machine-readable document: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${sorted.map(([tag, ops]) => `<a href="#${escape(tag)}">${escape(tag)} (${ops.length})</a>`).join('')}</nav>
${sorted.map(([tag, ops]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}`).join('\n')}
</main></body></html>`;
}
