// GET /api/openapi.json: the OpenAPI 3.1 document of this API, generated from the zod schemas the handlers use
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { openApiDocument } from "@/lib/http/openapi";

export const GET = handle(routes.openApi, () => Response.json(openApiDocument()));
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
