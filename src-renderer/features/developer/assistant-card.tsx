// The assistant endpoint (MCP) on the API keys page: where to point an MCP client, the header that lets its tools
// send, a client configuration to copy, and the tools this build offers with the scope each needs.
import type { McpEndpointInfo } from '../../../src-core/contract/index.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Folded } from '../../components/folded.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useAssistantEndpoint } from './queries.ts';

/** An MCP client's configuration for the endpoint, with a placeholder where the key goes (keys are shown only once). */
export const clientConfig = (info: McpEndpointInfo): string => JSON.stringify({
  mcpServers: { switchboard: { type: 'http', url: info.url, headers: { Authorization: 'Bearer sk_test_…', [info.writesHeader]: 'true' } } },
}, null, 2);

function Tools({ tools }: { tools: McpEndpointInfo['tools'] }) {
  return (
    <table className="table assistant-tools" data-testid="assistant-tools">
      <thead><tr><th>Tool</th><th>Does</th><th>Scope</th></tr></thead>
      <tbody>
        {tools.map((tool) => (
          <tr key={tool.name}>
            <td><code>{tool.name}</code>{tool.write ? <span className="chip assistant-write" title="Listed and run only with the writes header">sends or changes</span> : null}</td>
            <td>{tool.description}</td>
            <td>{tool.scopes ? tool.scopes.map((scope) => <code key={scope} className="assistant-scope">{scope}</code>) : "each channel's :send scope"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AssistantCard() {
  const endpoint = useAssistantEndpoint();
  if (endpoint.isPending) return <Loading />;
  if (endpoint.isError) return <ErrorState error={endpoint.error} />;
  const info = endpoint.data;
  const writes = info.tools.filter((tool) => tool.write).length;
  return (
    <section className="card assistant-card" aria-labelledby="assistant-title" data-testid="assistant-card">
      <h2 className="card-title" id="assistant-title">Assistant endpoint (MCP)</h2>
      <p>
        Point an MCP client at <code data-testid="assistant-url">{info.url}</code> with an API key (protocol {info.protocolVersion}). Each tool
        calls the API with that key: its scopes, allowed IPs and rate limit apply, and its calls show in the request log. The {writes} tools
        that send or change data are offered only to requests with the header <code>{info.writesHeader}: true</code>.
      </p>
      <div className="assistant-config">
        <pre data-testid="assistant-config">{clientConfig(info)}</pre>
        <CopyButton text={clientConfig(info)} what="client configuration" testId="copy-assistant-config" />
      </div>
      <Folded count={info.tools.length} what="tools" chosen={0} testId="assistant-tools-fold">
        <Tools tools={info.tools} />
      </Folded>
    </section>
  );
}
