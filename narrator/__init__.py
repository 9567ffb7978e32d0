"""Sessions, Storytellers, simulation, the CLI and the web table: where the kernels meet the world."""
