import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
const server = createServer((req, res) => { if (req.url === '/never') return; res.end('<p>hi</p>'); });
await new Promise(r => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}`;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const p = await b.newPage();
let t = Date.now();
try { await p.goto(url + '/never', { timeout: 1500, waitUntil: 'domcontentloaded' }); } catch (e) { console.log('goto', e.name, Date.now() - t); }
t = Date.now();
try { await p.screenshot({ timeout: 5000 }); console.log('shot ok', Date.now() - t); } catch (e) { console.log('shot', e.message.split('\n')[0], Date.now() - t); }
t = Date.now();
try { await p.evaluate(() => window.stop()); console.log('stop ok', Date.now() - t); } catch (e) { console.log('stop', e.message.split('\n')[0]); }
t = Date.now();
try { await p.screenshot({ timeout: 5000 }); console.log('shot2 ok', Date.now() - t); } catch (e) { console.log('shot2', e.message.split('\n')[0], Date.now() - t); }
try { await p.goto(url + '/', { timeout: 3000 }); console.log('goto2 ok', await p.content()); } catch (e) { console.log('goto2', e.message.split('\n')[0]); }
await b.close(); server.closeAllConnections(); server.close();
