//! The routes and their handlers: JSON in, JSON out, errors that name the field.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dedupdb::{Answer, PageInput};
use serde_json::{json, Value};

use super::State as Shared;

type AppState = State<Arc<Shared>>;

/// A failed request: its status, the field at fault when one is, and what is wrong.
pub(crate) struct ApiError {
    status: StatusCode,
    field: Option<String>,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, field: None, message: message.into() }
    }

    fn field(status: StatusCode, field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError { status, field: Some(field.into()), message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut e = json!({"status": self.status.as_u16(), "message": self.message});
        if let Some(f) = self.field {
            e["field"] = f.into();
        }
        let mut r = (self.status, Json(json!({ "error": e }))).into_response();
        if self.status == StatusCode::UNAUTHORIZED {
            r.headers_mut().insert(header::WWW_AUTHENTICATE, header::HeaderValue::from_static("Bearer"));
        }
        r
    }
}

/// The service's routes.
pub(crate) fn router(state: Arc<Shared>, max_body: usize) -> Router {
    Router::new()
        .route("/v1/query", post(query))
        .route("/v1/ingest", post(ingest))
        .route("/v1/pages", get(page))
        .route("/v1/clusters/{id}", get(cluster))
        .route("/v1/compare", post(compare))
        .route("/explain", get(explain))
        .route("/v1/stats", get(stats))
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .route("/openapi.json", get(openapi))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(state)
}

/// Counts the request and logs it, then hands the response on.
fn done(s: &Shared, endpoint: &'static str, start: Instant, r: Result<Response, ApiError>) -> Response {
    let r = r.unwrap_or_else(IntoResponse::into_response);
    let took = start.elapsed();
    s.metrics.request(endpoint, r.status().as_u16(), took);
    tracing::debug!(endpoint, status = r.status().as_u16(), micros = took.as_micros() as u64, "request");
    r
}

/// The pages of a request body: one page object, or `{"pages": [...]}`. Also whether it was a batch.
fn pages_of(body: Result<Bytes, BytesRejection>, max_batch: usize) -> Result<(Vec<PageInput>, bool), ApiError> {
    let body = body.map_err(|e| {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the request body is over the limit (--max-body-mb)".to_string()
        } else {
            format!("cannot read the request body: {e}")
        };
        ApiError::new(status, message)
    })?;
    let v: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body is not JSON: {e}")))?;
    match v.get("pages") {
        Some(Value::Array(list)) => {
            if list.len() > max_batch {
                return Err(ApiError::field(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "pages",
                    format!("{} pages; a request holds at most {max_batch} (--max-batch)", list.len()),
                ));
            }
            let pages = list
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    PageInput::from_json(p).map_err(|e| {
                        let field =
                            if e.field.is_empty() { format!("pages[{i}]") } else { format!("pages[{i}].{}", e.field) };
                        ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, field, e.problem)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok((pages, true))
        }
        Some(_) => Err(ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, "pages", "must be an array of pages")),
        None => {
            let page = PageInput::from_json(&v).map_err(|e| {
                let field = if e.field.is_empty() { "body".to_string() } else { e.field };
                ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, field, e.problem)
            })?;
            Ok((vec![page], false))
        }
    }
}

/// One answer, or `{"pages": [...]}` for a batch.
fn answers_json(answers: Vec<Answer>, batch: bool) -> Response {
    if batch {
        Json(json!({ "pages": answers })).into_response()
    } else {
        match answers.into_iter().next() {
            Some(a) => Json(a).into_response(),
            None => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "no answer").into_response(),
        }
    }
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

async fn query(State(s): AppState, body: Result<Bytes, BytesRejection>) -> Response {
    let start = Instant::now();
    let r = async {
        let (pages, batch) = pages_of(body, s.max_batch)?;
        let reader = s.reader.clone();
        let answers = tokio::task::spawn_blocking(move || {
            pages.iter().map(|p| reader.query(p)).collect::<Result<Vec<Answer>, dedupdb::Error>>()
        })
        .await
        .map_err(internal)?
        .map_err(internal)?;
        s.metrics.verdicts("query", answers.iter().map(|a| &a.verdict));
        Ok(answers_json(answers, batch))
    }
    .await;
    done(&s, "query", start, r)
}

async fn ingest(State(s): AppState, headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> Response {
    let start = Instant::now();
    let r = async {
        if let Some(token) = &s.token {
            let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
            if given.and_then(|v| v.strip_prefix("Bearer ")) != Some(token.as_str()) {
                return Err(ApiError::field(
                    StatusCode::UNAUTHORIZED,
                    "Authorization",
                    "this endpoint needs `Authorization: Bearer TOKEN` (the server's --token-file)",
                ));
            }
        }
        let Some(writer) = &s.writer else {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "the server is read-only (--read-only)"));
        };
        let (pages, batch) = pages_of(body, s.max_batch)?;
        // Analyzed here, on the request's own thread, while the writer works on others' pages.
        let params = s.reader.params().clone();
        let analyzed = tokio::task::spawn_blocking(move || pages.iter().map(|p| p.analyzed(&params)).collect())
            .await
            .map_err(internal)?;
        let answers = writer.ingest(analyzed).await.map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e))?;
        s.metrics.verdicts("ingest", answers.iter().map(|a| &a.verdict));
        Ok(answers_json(answers, batch))
    }
    .await;
    done(&s, "ingest", start, r)
}

async fn page(State(s): AppState, q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Response {
    let start = Instant::now();
    let r = async {
        let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
        let url = q.get("url").filter(|u| !u.is_empty()).cloned();
        let url = url.ok_or_else(|| ApiError::field(StatusCode::BAD_REQUEST, "url", "is missing (?url=...)"))?;
        let reader = s.reader.clone();
        let found = tokio::task::spawn_blocking(move || reader.page(&url).map(|p| (url, p)))
            .await
            .map_err(internal)?
            .map_err(internal)?;
        match found {
            (_, Some(p)) => Ok(Json(p).into_response()),
            (url, None) => Err(ApiError::field(StatusCode::NOT_FOUND, "url", format!("{url} is not stored"))),
        }
    }
    .await;
    done(&s, "pages", start, r)
}

async fn cluster(
    State(s): AppState,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Response {
    let start = Instant::now();
    let r = async {
        let id: u32 = id
            .parse()
            .map_err(|_| ApiError::field(StatusCode::BAD_REQUEST, "id", "a cluster id is a doc id (a number)"))?;
        let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
        let number = |name: &str, default: usize| -> Result<usize, ApiError> {
            match q.get(name) {
                None => Ok(default),
                Some(v) => v.parse().map_err(|_| ApiError::field(StatusCode::BAD_REQUEST, name, "must be a number")),
            }
        };
        let (offset, limit) = (number("offset", 0)?, number("limit", 100)?.min(10_000));
        let reader = s.reader.clone();
        let (members, total) = tokio::task::spawn_blocking(move || reader.cluster(id, offset, limit))
            .await
            .map_err(internal)?
            .map_err(internal)?;
        if total == 0 {
            return Err(ApiError::field(StatusCode::NOT_FOUND, "id", format!("no cluster {id}")));
        }
        Ok(Json(json!({"cluster": id, "total": total, "offset": offset, "members": members})).into_response())
    }
    .await;
    done(&s, "clusters", start, r)
}

async fn compare(State(s): AppState, body: Result<Bytes, BytesRejection>) -> Response {
    let start = Instant::now();
    let r = async {
        let body = body.map_err(|e| ApiError::new(e.status(), format!("cannot read the request body: {e}")))?;
        let v: Value = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body is not JSON: {e}")))?;
        let side = |name: &str| -> Result<PageInput, ApiError> {
            let p = v.get(name).ok_or_else(|| ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, name, "is missing"))?;
            // A page to compare needs no URL of its own.
            let mut p = p.clone();
            if let Some(o) = p.as_object_mut() {
                o.entry("url").or_insert_with(|| name.into());
            }
            PageInput::from_json(&p).map_err(|e| {
                let field = if e.field.is_empty() { name.to_string() } else { format!("{name}.{}", e.field) };
                ApiError::field(StatusCode::UNPROCESSABLE_ENTITY, field, e.problem)
            })
        };
        let (a, b) = (side("a")?, side("b")?);
        let params = s.reader.params().clone();
        let v = tokio::task::spawn_blocking(move || {
            let analyze = |p: &PageInput| {
                let kind = Some(p.kind);
                dedupdb::Page::analyze(dedupdb::Body::with_kind(&p.body, kind, p.charset.as_deref()), &params)
            };
            let (pa, pb) = (analyze(&a), analyze(&b));
            let cmp = dedupdb::compare(&pa, &pb, &params);
            Ok::<_, std::convert::Infallible>(dedupdb::db::comparison_json((&a.url, &pa), (&b.url, &pb), &cmp, true))
        })
        .await
        .map_err(internal)?
        .map_err(internal)?;
        Ok(Json(v).into_response())
    }
    .await;
    done(&s, "compare", start, r)
}

async fn explain(State(s): AppState, q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Response {
    let start = Instant::now();
    let r = async {
        let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
        let url = |name: &str| -> Result<String, ApiError> {
            q.get(name).filter(|u| !u.is_empty()).cloned().ok_or_else(|| {
                ApiError::field(StatusCode::BAD_REQUEST, name, "is missing (/explain?a=URL&b=URL, two stored pages)")
            })
        };
        let (ua, ub) = (url("a")?, url("b")?);
        let reader = s.reader.clone();
        let html = tokio::task::spawn_blocking(move || -> Result<String, ApiError> {
            let stored = |name: &str, u: &str| -> Result<dedupdb::StoredPage, ApiError> {
                reader
                    .page(u)
                    .map_err(internal)?
                    .ok_or_else(|| ApiError::field(StatusCode::NOT_FOUND, name, format!("{u} is not stored")))
            };
            let (a, b) = (stored("a", &ua)?, stored("b", &ub)?);
            let params = reader.params().clone();
            let (pa, pb) = (super::explain::analyze_stored(&a, &params), super::explain::analyze_stored(&b, &params));
            let cmp = dedupdb::compare(&pa, &pb, &params);
            Ok(super::explain::page(&a, &pa, &b, &pb, &cmp))
        })
        .await
        .map_err(internal)??;
        Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response())
    }
    .await;
    done(&s, "explain", start, r)
}

async fn stats(State(s): AppState) -> Response {
    let start = Instant::now();
    let reader = s.reader.clone();
    let r = async {
        let stats = tokio::task::spawn_blocking(move || reader.stats()).await.map_err(internal)?.map_err(internal)?;
        let per_page = if stats.live_docs == 0 { 0 } else { stats.segment_bytes / stats.live_docs.max(1) };
        let mut v = serde_json::to_value(&stats).map_err(internal)?;
        v["segment_bytes_per_page"] = per_page.into();
        v["read_only"] = s.writer.is_none().into();
        Ok(Json(v).into_response())
    }
    .await;
    done(&s, "stats", start, r)
}

async fn metrics(State(s): AppState) -> Response {
    let reader = s.reader.clone();
    let stats = tokio::task::spawn_blocking(move || reader.stats()).await.ok().and_then(Result::ok);
    let body = s.metrics.render(stats.as_ref());
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], body).into_response()
}

async fn healthz(State(s): AppState) -> Response {
    let mode = if s.writer.is_some() { "writable" } else { "read-only" };
    Json(json!({"status": "ok", "mode": mode})).into_response()
}

async fn openapi(State(s): AppState) -> Response {
    Json(super::openapi::document(s.token.is_some())).into_response()
}

async fn not_found() -> Response {
    ApiError::new(StatusCode::NOT_FOUND, "no such endpoint (GET /openapi.json lists them)").into_response()
}
