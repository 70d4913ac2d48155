/** The MCP server for AI agents at /mcp (issue 46, decision 062). */
export { mcpRoutes, MCP_PATH } from './routes';
