// The REST API on the API keys page: the base URL an integrator points their code at, and the API reference and its
// OpenAPI document, both drawn from the server's own route table.
import { useApi } from '../../api/context.tsx';
import { CopyButton } from '../../components/copy-button.tsx';

export function RestApiCard() {
  const { baseUrl } = useApi();
  const apiBase = `${baseUrl}/v1`;
  const openApi = `${baseUrl}/openapi.json`;
  return (
    <section className="card assistant-card" aria-labelledby="rest-api-title" data-testid="rest-api-card">
      <h2 className="card-title" id="rest-api-title">REST API</h2>
      <p>
        Point your code at <code data-testid="rest-api-base">{apiBase}</code> instead of the hosted service, with a key above
        as <code>Authorization: Bearer sk_test_…</code>. The <a href={`${baseUrl}/docs`} target="_blank" rel="noreferrer" data-testid="api-reference-link">API
        reference</a> lists every route with its scope and fields; its <a href={openApi} target="_blank" rel="noreferrer" data-testid="openapi-link">OpenAPI 3.1
        document</a> loads into Postman, Insomnia or a client generator.
      </p>
      <div className="actions left">
        {/* Two Copy buttons side by side: each says what it copies ("Copy URL of the REST API base"), to the eye too. */}
        <CopyButton text={apiBase} what="URL" of="the REST API base" testId="copy-api-base" spelledOut />
        <CopyButton text={openApi} what="URL" of="the OpenAPI document" testId="copy-openapi-url" spelledOut />
      </div>
    </section>
  );
}
