#!/usr/bin/env node
// The `gatehouse` command: runs the compiled CLI (build it with `npm run build`).
import '../dist/main.js';
