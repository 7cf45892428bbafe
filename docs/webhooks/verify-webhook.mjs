// Receive Pesan status webhooks in Node and verify them with the `standardwebhooks` package
// (npm install standardwebhooks). Run: WEBHOOK_SECRET=whsec_... PORT=8080 node verify-webhook.mjs
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.WEBHOOK_SECRET); // the whsec_... secret shown in the console

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8'); // verify the raw body, not re-serialised JSON
    let event;
    try {
      event = wh.verify(body, req.headers); // checks webhook-id, webhook-timestamp (5 min) and webhook-signature
    } catch {
      res.writeHead(401).end();
      return;
    }
    // The same webhook-id arrives again on a retry: handle each id once.
    // Events may arrive out of order: compare data.step (the status's place in the lifecycle) or data.at.
    console.log(event.type, event.data.message_id ?? '', event.data.status ?? '');
    res.writeHead(204).end();
  });
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1');
