//! `ddbench http`: a load generator for `dedupdb serve` on loopback, bounded in requests and time.
//! Each client holds one keep-alive connection and sends one request after another; the figures
//! are requests per second and latency percentiles per concurrency level.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// One keep-alive connection.
struct Conn {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Conn {
    fn open(addr: &str) -> Result<Conn> {
        let s = TcpStream::connect(addr).with_context(|| format!("{addr}: cannot connect"))?;
        s.set_nodelay(true)?;
        Ok(Conn { reader: BufReader::new(s.try_clone()?), writer: s })
    }

    /// POSTs `body` to `path`; returns the status.
    fn post(&mut self, path: &str, body: &[u8]) -> Result<u16> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.writer.write_all(head.as_bytes())?;
        self.writer.write_all(body)?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line.split(' ').nth(1).and_then(|c| c.parse().ok()).context("a status line")?;
        let mut len = 0usize;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse().context("Content-Length")?;
                }
            }
        }
        let mut body = vec![0; len];
        self.reader.read_exact(&mut body)?;
        Ok(status)
    }
}

/// The figures of one level.
#[derive(Debug, serde::Serialize)]
pub struct Level {
    pub clients: usize,
    pub requests: usize,
    pub errors: usize,
    pub seconds: f64,
    pub per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
}

/// Sends `bodies` (cycled) to `path` from `clients` connections until `max_requests` are sent or
/// `max_time` has passed. With `rate` (requests per second over all clients), each client sends on
/// a schedule instead of as fast as it is answered, and a request's latency is counted from when
/// it was due, so a stall delays the requests behind it in the figures too (no coordinated
/// omission).
pub fn level(
    addr: &str,
    path: &str,
    bodies: &[Vec<u8>],
    clients: usize,
    max_requests: usize,
    max_time: Duration,
    rate: Option<f64>,
) -> Result<Level> {
    if bodies.is_empty() {
        bail!("no request bodies");
    }
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let results: Vec<Result<(Vec<Duration>, usize)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                let next = &next;
                scope.spawn(move || -> Result<(Vec<Duration>, usize)> {
                    let mut conn = Conn::open(addr)?;
                    let (mut lat, mut errors) = (Vec::new(), 0usize);
                    // Each client's interval, and its first send spread over one interval.
                    let interval = rate.map(|r| Duration::from_secs_f64(clients as f64 / r.max(1e-9)));
                    let offset = interval.map(|iv| iv.mul_f64(fastrand_unit(c)));
                    let mut sent = 0u32;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= max_requests || start.elapsed() >= max_time {
                            break;
                        }
                        let due = match (interval, offset) {
                            (Some(iv), Some(off)) => {
                                let due = start + off + iv * sent;
                                sent += 1;
                                if let Some(wait) = due.checked_duration_since(Instant::now()) {
                                    std::thread::sleep(wait);
                                }
                                due
                            }
                            _ => Instant::now(),
                        };
                        let t = due;
                        match conn.post(path, &bodies[i % bodies.len()]) {
                            Ok(200) => lat.push(t.elapsed()),
                            Ok(_) => errors += 1,
                            Err(_) => {
                                errors += 1;
                                conn = Conn::open(addr)?;
                            }
                        }
                    }
                    Ok((lat, errors))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a client panicked")))).collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let (mut all, mut errors) = (Vec::new(), 0);
    for r in results {
        let (lat, e) = r?;
        all.extend(lat);
        errors += e;
    }
    all.sort_unstable();
    let pct = |p: f64| -> f64 {
        if all.is_empty() {
            return 0.0;
        }
        let i = ((all.len() as f64 * p).ceil() as usize).clamp(1, all.len()) - 1;
        all[i].as_secs_f64() * 1000.0
    };
    Ok(Level {
        clients,
        requests: all.len(),
        errors,
        seconds,
        per_second: all.len() as f64 / seconds.max(1e-9),
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
    })
}

/// A number in [0, 1) for client `c`, to spread the clients' first sends.
fn fastrand_unit(c: usize) -> f64 {
    let x = (c as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x >> 11) as f64 / (1u64 << 53) as f64
}
