#!/usr/bin/env python3
"""Score a dedupdb ingest report against target/probe-crawl-2/truth.jsonl: the first probe's
scorer (scripts/probe-crawl/score.py, same truth format) with this probe's default paths.
usage: score.py [truth.jsonl] [report.jsonl] [--examples N]"""
import os, runpy, sys
positional = [a for a in sys.argv[1:] if not a.startswith('--') and not a.isdigit()]
defaults = ['target/probe-crawl-2/truth.jsonl', 'target/probe-crawl-2/report.jsonl']
sys.argv += defaults[len(positional):]
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'probe-crawl', 'score.py'), run_name='__main__')
