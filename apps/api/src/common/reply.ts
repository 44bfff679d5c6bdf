// What a controller may do to the reply it shares with Nest (`@Res({ passthrough: true })`): set a
// header. Kept to this one method, which Fastify's reply (and Express's) has, so controllers never
// depend on the HTTP platform.
export type HeaderReply = { header(name: string, value: string): unknown };
