// A bare Socket.IO server for bench/chat.ts: it answers every "echo" with its payload (an ack),
// nothing else. Its round trip is the floor the chat's MessageSend → MessageReceived is held to.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { serveClient: false });
io.on('connection', (socket) => socket.on('echo', (payload, reply) => reply(payload)));
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
