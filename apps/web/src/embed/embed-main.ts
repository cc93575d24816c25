import { readEmbedData } from './embed-data';
import { startEmbedPlayer } from './embed-player';
import './embed.css';

/** The embed page's script (embed.html): the player the server drew, brought to life; no React, no app. */
const root = document.getElementById('embed');
const data = readEmbedData(document);
if (root && data) startEmbedPlayer(root, data);
