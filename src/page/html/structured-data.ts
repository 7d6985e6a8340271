// What the page's JSON-LD says it is: the types of its main entities (each block's top-level
// nodes, @graph members and their mainEntity), never of nodes nested under other properties
// (isPartOf, publisher, offers, brand, itemListElement…), the longest body text they carry, and a
// product's description.

type Json = unknown;
type JsonNode = Record<string, Json>;

export interface StructuredData {
  /** Lowercased schema.org types of the page's main entities. */
  readonly types: readonly string[];
  /** True when a top-level node is a page (WebPage, AboutPage…): the page says what it is. */
  readonly page: boolean;
  readonly body: string;
  /** The longest description a main Product (or ProductGroup) node gives, as written (it may hold markup). */
  readonly description: string;
}

const PRODUCT_TYPES = new Set(['product', 'productgroup']);

const MAX_BLOCK_CHARS = 500_000;

function isNode(value: Json): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: Json): Json[] {
  return Array.isArray(value) ? value : [value];
}

export function typesOf(node: JsonNode): string[] {
  return asList(node['@type'])
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.toLowerCase());
}

/** A block's top-level nodes: the value itself, array members and @graph members. */
function topLevel(value: Json): JsonNode[] {
  const out: JsonNode[] = [];
  for (const v of asList(value)) {
    if (!isNode(v)) continue;
    if ('@graph' in v) out.push(...topLevel(v['@graph']));
    if (typeof v['@type'] !== 'undefined') out.push(v);
  }
  return out;
}

/** Ids that nodes point to under properties other than mainEntity: parts, publishers, offers… */
function subordinateIds(nodes: readonly JsonNode[]): Set<string> {
  const ids = new Set<string>();
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'mainEntity' || key.startsWith('@')) continue;
      for (const v of asList(value)) {
        if (isNode(v) && typeof v['@id'] === 'string') ids.add(v['@id']);
      }
    }
  }
  return ids;
}

/** The main entities of one JSON-LD block. */
function mainEntities(data: Json): JsonNode[] {
  const nodes = topLevel(data);
  const byId = new Map<string, JsonNode>();
  for (const n of nodes) if (typeof n['@id'] === 'string') byId.set(n['@id'], n);
  const subordinate = subordinateIds(nodes);
  const entities = nodes.filter((n) => typeof n['@id'] !== 'string' || !subordinate.has(n['@id']));
  for (const n of nodes) {
    for (const m of asList(n.mainEntity)) {
      if (!isNode(m)) continue;
      const ref = typeof m['@id'] === 'string' ? byId.get(m['@id']) : undefined;
      const entity = ref ?? m;
      if (!entities.includes(entity)) entities.push(entity);
    }
  }
  return entities;
}

/** The page's JSON-LD: its main entities' types, the longest body text they carry, a product's description. */
export function readStructuredData(document: Document): StructuredData {
  const types: string[] = [];
  let page = false;
  let body = '';
  let description = '';
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    const raw = script.textContent ?? '';
    if (raw.length > MAX_BLOCK_CHARS) continue;
    let data: Json;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    for (const node of mainEntities(data)) {
      const own = typesOf(node);
      types.push(...own);
      if (own.some((t) => t.endsWith('page'))) page = true;
      for (const key of ['articleBody', 'text']) {
        const value = node[key];
        if (typeof value === 'string' && value.length > body.length) body = value;
      }
      const said = node.description;
      if (
        own.some((t) => PRODUCT_TYPES.has(t)) &&
        typeof said === 'string' &&
        said.length > description.length
      ) {
        description = said;
      }
    }
  }
  return { types, page, body, description };
}
