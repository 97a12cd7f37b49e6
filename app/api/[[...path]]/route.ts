// Every method on /api and on any path below it that no route serves: 404 { error: "Not found" }, not the HTML page
import { answerNotFound } from "@/lib/http/handle";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = answerNotFound();
