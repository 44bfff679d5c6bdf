// The OpenAPI description of an upload route's body and headers (the file itself is the body), shared by
// every route that takes a file.
import { ApiBody, ApiConsumes, ApiHeader } from '@nestjs/swagger';

export const ApiFileUpload = () => [
  ApiConsumes('application/octet-stream'),
  ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'The file itself (not a form), at most 50 MB' }),
  ApiHeader({ name: 'X-File-Name', required: true, description: "The file's name, URI-encoded (1 to 200 characters)" }),
  ApiHeader({
    name: 'X-File-Type',
    required: false,
    description: "The file's media type (else the Content-Type, else read from its bytes)",
  }),
];
