import type { Metadata } from "next";
import type { ReactNode } from "react";
import { openApiDocument } from "@/lib/http/openapi";

export const metadata: Metadata = { title: "API reference" };

/** The API reference: the OpenAPI document of /api/openapi.json, rendered on the server, no script, no CDN. */

type Schema = {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = { $ref?: string; name: string; in: string; required: boolean; description?: string; schema: Schema };
type Response = { description: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  responses: Record<string, Response>;
};
type Document = {
  info: { title: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** The requests refboard sends to a team's endpoint, one per event type. */
  webhooks: Record<string, Record<string, Omit<Operation, "operationId">>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** Descriptions use `backticks` for literal values: shown as code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A one-line description of a schema's type and constraints. */
function typeOf(schema: Schema): ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#schema-${name}`} className="font-medium text-brand-600 underline dark:text-brand-400">
        {name}
      </a>
    );
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    return alternatives.map((s, i) => (
      <span key={i}>
        {i > 0 && " or "}
        {typeOf(s)}
      </span>
    ));
  }
  if (schema.type === "array" && schema.items) return <>array of {typeOf(schema.items)}</>;
  const notes: string[] = [];
  if (schema.const !== undefined) notes.push(`= ${JSON.stringify(schema.const)}`);
  if (schema.enum) notes.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.pattern) notes.push(`pattern ${schema.pattern}`);
  if (schema.minLength !== undefined && schema.minLength === schema.maxLength) notes.push(`${schema.minLength} characters`);
  if (schema.minimum !== undefined) notes.push(`>= ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${schema.exclusiveMinimum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return (
    <>
      <code>{schema.type ?? "any"}</code>
      {notes.length > 0 && <span className="text-zinc-500 dark:text-zinc-400"> ({notes.join("; ")})</span>}
    </>
  );
}

/** A tag's section id, which a link can keep: "Campaign console" -> campaign-console. Operation ids are camelCase, so none collides. */
const tagId = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const SCHEMAS_ID = "schemas";

// A link to a section lands with its heading below the sticky site header (h-16).
const SECTION = "scroll-mt-24";

// A phone has room for neither a fixed name column nor unbroken identifiers and patterns: long
// words break anywhere, and a table that still does not fit scrolls inside its own box.
const ROW = "border-t border-zinc-200 align-top dark:border-zinc-800";
const NAME_CELL = "w-2/5 py-1 pr-3 font-mono wrap-anywhere sm:w-48";

function Table({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A value and, under it, its description. */
function ValueCell({ description, children }: { description?: string; children: ReactNode }) {
  return (
    <td className="py-1 wrap-anywhere">
      {children}
      {description && (
        <div className="text-zinc-500 dark:text-zinc-400">
          <Prose text={description} />
        </div>
      )}
    </td>
  );
}

function Fields({ schema }: { schema: Schema }) {
  if (!schema.properties) return <p className="text-sm">{typeOf(schema)}</p>;
  const required = new Set(schema.required ?? []);
  return (
    <Table>
      {Object.entries(schema.properties).map(([name, field]) => (
        <tr key={name} className={ROW}>
          <td className={NAME_CELL}>
            {name}
            {!required.has(name) && <span className="text-zinc-500">?</span>}
          </td>
          <ValueCell description={field.description}>{field.properties ? <Fields schema={field} /> : typeOf(field)}</ValueCell>
        </tr>
      ))}
    </Table>
  );
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  post: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
};

function OperationCard({ method, path, op, doc }: { method: string; path: string; op: Operation; doc: Document }) {
  const params = op.parameters.map((p) => (p.$ref ? doc.components.parameters[refName(p.$ref)] : p)).filter((p) => p !== undefined);
  const body = op.requestBody?.content["application/json"]?.schema;
  return (
    <section id={op.operationId} className={`rounded-xl ${SECTION} border border-zinc-200 p-4 dark:border-zinc-800`}>
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-base wrap-anywhere">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        {path}
        {op.security && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">bearer ADMIN_TOKEN</span>}
      </h3>
      <p className="mt-1 font-medium">{op.summary}</p>
      {op.description && (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
          <Prose text={op.description} />
        </p>
      )}
      {params.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold">Parameters</h4>
          <Table>
            {params.map((p) => (
              <tr key={`${p.in}:${p.name}`} className={ROW}>
                <td className={NAME_CELL}>
                  {p.name}
                  {!p.required && <span className="text-zinc-500">?</span>}
                </td>
                <td className="w-16 py-1 pr-3 text-zinc-500 sm:w-20">{p.in}</td>
                <ValueCell description={p.description}>{typeOf(p.schema)}</ValueCell>
              </tr>
            ))}
          </Table>
        </>
      )}
      {body && (
        <>
          <h4 className="mt-3 text-sm font-semibold">JSON body</h4>
          <Fields schema={body} />
        </>
      )}
      <h4 className="mt-3 text-sm font-semibold">Responses</h4>
      <Table>
        {Object.entries(op.responses).map(([status, res]) => (
          <tr key={status} className={ROW}>
            <td className="w-16 py-1 pr-3 font-mono font-semibold">{status}</td>
            <ValueCell>
              <Prose text={res.description} />
              {Object.entries(res.content ?? {}).map(([type, { schema }]) => (
                <div key={type}>
                  <span className="text-zinc-500">{type}: </span>
                  {typeOf(schema)}
                </div>
              ))}
            </ValueCell>
          </tr>
        ))}
      </Table>
    </section>
  );
}

type Listed = { path: string; method: string; op: Operation };

/** The contents: each tag and its operations, then the schemas, each a link to its section. */
function Contents({ doc, operations }: { doc: Document; operations: Listed[] }) {
  return (
    <nav aria-labelledby="contents-title" data-testid="docs-toc" className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="contents-title" className="text-lg font-semibold">
        Contents
      </h2>
      <ol className="mt-2 gap-x-8 text-sm sm:columns-2 lg:columns-3">
        {doc.tags.map(({ name }) => (
          <li key={name} className="break-inside-avoid pb-3">
            <a href={`#${tagId(name)}`} className="font-semibold text-brand-600 underline dark:text-brand-400">
              {name}
            </a>
            <ol className="mt-1 space-y-0.5">
              {operations
                .filter(({ op }) => op.tags.includes(name))
                .map(({ path, method, op }) => (
                  <li key={op.operationId}>
                    <a href={`#${op.operationId}`} className="font-mono text-xs wrap-anywhere text-zinc-700 hover:underline dark:text-zinc-300">
                      <span className="font-bold">{method.toUpperCase()}</span> {path}
                    </a>
                  </li>
                ))}
            </ol>
          </li>
        ))}
        <li className="break-inside-avoid">
          <a href={`#${SCHEMAS_ID}`} className="font-semibold text-brand-600 underline dark:text-brand-400">
            Schemas
          </a>
        </li>
      </ol>
    </nav>
  );
}

export default function DocsPage() {
  const doc = openApiDocument() as unknown as Document;
  // The events follow the Webhooks tag's endpoints: a request refboard sends, named by its event type.
  const events: Listed[] = Object.entries(doc.webhooks).flatMap(([type, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path: `${type} (to your endpoint)`, method, op: { ...op, operationId: `event-${type.replaceAll(".", "-")}` } })),
  );
  const operations: Listed[] = [
    ...Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op }))),
    ...events,
  ];
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{doc.info.title}</h1>
        <p className="text-zinc-600 dark:text-zinc-300">
          <Prose text={doc.info.description} />
        </p>
        <p className="text-sm">
          Machine-readable:{" "}
          <a href="/api/openapi.json" className="font-mono text-brand-600 underline dark:text-brand-400">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1, generated from the schemas the handlers validate with).
        </p>
      </header>
      <Contents doc={doc} operations={operations} />
      {doc.tags.map(({ name }) => (
        <section key={name} id={tagId(name)} aria-labelledby={`${tagId(name)}-title`} className={`space-y-3 ${SECTION}`}>
          <h2 id={`${tagId(name)}-title`} className="text-xl font-semibold">
            {name}
          </h2>
          {operations
            .filter(({ op }) => op.tags.includes(name))
            .map(({ path, method, op }) => (
              <OperationCard key={op.operationId} method={method} path={path} op={op} doc={doc} />
            ))}
        </section>
      ))}
      <section id={SCHEMAS_ID} aria-labelledby={`${SCHEMAS_ID}-title`} className={`space-y-3 ${SECTION}`}>
        <h2 id={`${SCHEMAS_ID}-title`} className="text-xl font-semibold">
          Schemas
        </h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className={`rounded-xl ${SECTION} border border-zinc-200 p-4 dark:border-zinc-800`}>
            <h3 className="font-mono font-semibold">{name}</h3>
            {schema.type === "array" || schema.oneOf ? <p className="text-sm">{typeOf(schema)}</p> : null}
            {schema.oneOf?.map((alt, i) => (
              <div key={i} className="mt-2">
                <Fields schema={alt} />
              </div>
            ))}
            {schema.properties && <Fields schema={schema} />}
          </div>
        ))}
      </section>
    </article>
  );
}
