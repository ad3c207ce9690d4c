//! The OpenAPI 3 document of the service (`GET /openapi.json`).

use serde_json::{json, Value};

fn error_response(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn pages_body() -> Value {
    json!({
        "required": true,
        "content": {"application/json": {"schema": {"oneOf": [
            {"$ref": "#/components/schemas/Page"},
            {"type": "object", "required": ["pages"], "properties": {
                "pages": {"type": "array", "items": {"$ref": "#/components/schemas/Page"}}}}
        ]}}}
    })
}

fn answers_response() -> Value {
    json!({"description": "one answer for one page, or {\"pages\": [...]} in the request's order for a batch",
    "content": {"application/json": {"schema": {"oneOf": [
        {"$ref": "#/components/schemas/Answer"},
        {"type": "object", "required": ["pages"], "properties": {
            "pages": {"type": "array", "items": {"$ref": "#/components/schemas/Answer"}}}}
    ]}}}})
}

/// The document; `auth`: the server requires a bearer token on its write endpoint.
pub(crate) fn document(auth: bool) -> Value {
    let mut doc = json!({
        "openapi": "3.0.3",
        "info": {
            "title": "dedupdb",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "A near-duplicate index for web pages: is this page, a page containing it, or a page it contains already known?"
        },
        "paths": {
            "/v1/query": {"post": {
                "summary": "Answer pages against the index without storing them (as `dedupdb query --json`)",
                "requestBody": pages_body(),
                "responses": {
                    "200": answers_response(),
                    "400": error_response("the body is not JSON"),
                    "413": error_response("the body or the batch is over the limit"),
                    "422": error_response("a field is missing or wrong; `field` names it")
                }
            }},
            "/v1/ingest": {"post": {
                "summary": "Answer pages and store them (as `dedupdb ingest`); answered once durable",
                "requestBody": pages_body(),
                "responses": {
                    "200": answers_response(),
                    "400": error_response("the body is not JSON"),
                    "401": error_response("the bearer token is missing or wrong"),
                    "403": error_response("the server is read-only"),
                    "413": error_response("the body or the batch is over the limit"),
                    "422": error_response("a field is missing or wrong; `field` names it"),
                    "503": error_response("the writer failed; nothing of this request is stored")
                }
            }},
            "/v1/pages": {"get": {
                "summary": "The page stored under a URL",
                "parameters": [{"name": "url", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "the stored page", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPage"}}}},
                    "400": error_response("no url given"),
                    "404": error_response("the URL is not stored")
                }
            }},
            "/v1/clusters/{id}": {"get": {
                "summary": "A cluster's members, in doc-id order",
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 0, "maximum": 4294967295u64}},
                    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0}}
                ],
                "responses": {
                    "200": {"description": "members", "content": {"application/json": {"schema": {
                        "type": "object", "required": ["cluster", "total", "offset", "members"],
                        "properties": {
                            "cluster": {"type": "integer"}, "total": {"type": "integer"}, "offset": {"type": "integer"},
                            "members": {"type": "array", "items": {"type": "object", "required": ["doc_id", "url"],
                                "properties": {"doc_id": {"type": "integer"}, "url": {"type": "string"}}}}
                        }}}}},
                    "400": error_response("the id or a parameter is not a number"),
                    "404": error_response("no such cluster")
                }
            }},
            "/v1/compare": {"post": {
                "summary": "The relation of two pages, with the evidence (as `dedupdb compare --json --explain`)",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["a", "b"],
                    "properties": {"a": {"$ref": "#/components/schemas/Page"}, "b": {"$ref": "#/components/schemas/Page"}}}}}},
                "responses": {
                    "200": {"description": "the comparison", "content": {"application/json": {"schema": {
                        "type": "object", "required": ["relation", "resemble", "contain", "spans", "a", "b", "explain"],
                        "properties": {"relation": {"type": "string"}, "resemble": {"type": "number"}, "contain": {"type": "number"},
                            "spans": {"type": "array", "items": {"type": "object"}}, "a": {"type": "object"}, "b": {"type": "object"},
                            "explain": {"type": "object"}}}}}},
                    "400": error_response("the body is not JSON"),
                    "422": error_response("a page is missing or wrong; `field` names it")
                }
            }},
            "/explain": {"get": {
                "summary": "Two stored pages side by side for people: aligned text marked, scores, relation and why",
                "parameters": [
                    {"name": "a", "in": "query", "required": true, "schema": {"type": "string"}},
                    {"name": "b", "in": "query", "required": true, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": {"description": "an HTML page", "content": {"text/html": {"schema": {"type": "string"}}}},
                    "400": error_response("a or b is missing"),
                    "404": error_response("a page is not stored")
                }
            }},
            "/v1/stats": {"get": {
                "summary": "What the index holds",
                "responses": {"200": {"description": "counts", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stats"}}}}}
            }},
            "/metrics": {"get": {
                "summary": "Prometheus metrics",
                "responses": {"200": {"description": "the text exposition format", "content": {"text/plain": {"schema": {"type": "string"}}}}}
            }},
            "/healthz": {"get": {
                "summary": "200 while the index is open",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["status", "mode"],
                    "properties": {"status": {"type": "string"}, "mode": {"type": "string", "enum": ["writable", "read-only"]}}}}}}}
            }},
            "/openapi.json": {"get": {
                "summary": "This document",
                "responses": {"200": {"description": "OpenAPI 3", "content": {"application/json": {"schema": {"type": "object"}}}}}
            }}
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Page": {
                    "type": "object", "required": ["url"],
                    "description": "A page as a crawl's JSONL line gives it: url, and one of html and text.",
                    "properties": {
                        "url": {"type": "string", "minLength": 1},
                        "html": {"type": "string"},
                        "text": {"type": "string"},
                        "site": {"type": "string"},
                        "fetched_at": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
                        "charset": {"type": "string"}
                    }
                },
                "Matched": {
                    "type": "object", "required": ["url", "doc_id", "relation", "resemble", "contain", "ccs"],
                    "properties": {
                        "url": {"type": "string"}, "doc_id": {"type": "integer"},
                        "relation": {"type": "string", "enum": ["duplicate", "contains", "contained", "overlaps", "different"]},
                        "resemble": {"type": "number"}, "contain": {"type": "number"}, "ccs": {"type": "number"}
                    }
                },
                "Answer": {
                    "type": "object", "required": ["url", "doc_id", "verdict", "cluster", "matches", "error", "location"],
                    "properties": {
                        "url": {"type": "string", "nullable": true},
                        "doc_id": {"type": "integer", "nullable": true},
                        "verdict": {"type": "string", "enum": ["new", "exact", "duplicate", "contained", "contains", "overlaps", "skipped", "error"]},
                        "cluster": {"type": "integer", "nullable": true},
                        "matches": {"type": "array", "items": {"$ref": "#/components/schemas/Matched"}},
                        "error": {"type": "string", "nullable": true},
                        "reason": {"type": "string"},
                        "location": {"type": "string"}
                    }
                },
                "StoredPage": {
                    "type": "object", "required": ["doc_id", "url", "site", "cluster", "fetched_at", "text", "script", "language"],
                    "properties": {
                        "doc_id": {"type": "integer"}, "url": {"type": "string"}, "site": {"type": "string"},
                        "cluster": {"type": "integer"}, "fetched_at": {"type": "integer", "nullable": true},
                        "text": {"type": "string"},
                        "script": {"type": "string", "description": "ISO 15924 code, as recorded when the page was stored (Zzzz: not recorded)",
                            "enum": ["Zzzz", "Hans", "Hant", "Jpan", "Kore", "Latn", "Cyrl", "Grek", "Arab", "Hebr", "Deva", "Thai", "Zyyy"]},
                        "language": {"type": "string", "description": "BCP 47 tag the script tells (und: undetermined)", "enum": ["und", "zh", "ja", "ko"]}
                    }
                },
                "Stats": {
                    "type": "object",
                    "required": ["live_docs", "segments", "segment_docs", "memtable_docs", "pruned_keys", "segment_bytes"],
                    "properties": {
                        "live_docs": {"type": "integer"}, "segments": {"type": "integer"},
                        "segment_docs": {"type": "integer"}, "memtable_docs": {"type": "integer"},
                        "pruned_keys": {"type": "integer"}, "segment_bytes": {"type": "integer"},
                        "segment_bytes_per_page": {"type": "integer"}, "read_only": {"type": "boolean"}
                    }
                },
                "Error": {
                    "type": "object", "required": ["error"],
                    "properties": {"error": {"type": "object", "required": ["status", "message"], "properties": {
                        "status": {"type": "integer"}, "field": {"type": "string"}, "message": {"type": "string"}}}}
                }
            }
        }
    });
    if auth {
        doc["paths"]["/v1/ingest"]["post"]["security"] = json!([{"bearer": []}]);
    }
    doc
}
