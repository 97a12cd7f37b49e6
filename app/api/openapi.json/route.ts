// GET /api/openapi.json: the OpenAPI 3.1 document of this API, generated from the zod schemas the handlers use
import { handle } from "@/lib/api/handle";
import { openApiDocument } from "@/lib/api/openapi";

export const GET = handle({}, () => Response.json(openApiDocument()));
