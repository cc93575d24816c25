/**
 * The bare baseline of `json-flood.bench.ts`, started as its own process with the same Node flags: a bare
 * `node:http` server that receives a body as our JSON parser does (read whole into one string, refused from
 * its Content-Length first when over the limit) and answers 400 without parsing it. The floor of taking in
 * the same bytes: no framework, no JSON.parse, no schema. Prints its port once it listens.
 */
import http from 'node:http';

const limit = Number(process.env.BODY_LIMIT);

const server = http.createServer((request, response) => {
  const answer = (status: number) => {
    response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    response.end('{"error":{"code":"BAD_REQUEST"}}');
  };
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    answer(413);
    request.resume();
    return;
  }
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (text += chunk));
  // The whole body is held as one string, as our JSON parser holds it, then dropped with the answer.
  request.on('end', () => answer(text.length > limit ? 413 : 400));
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`port ${typeof address === 'object' && address ? address.port : 0}`);
});
