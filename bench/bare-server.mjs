// A bare node:http server answering every request with the same bytes (the baseline of the benchmarks).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const { status, headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(status, { ...headers, 'content-length': bytes.length });
    response.end(bytes);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
