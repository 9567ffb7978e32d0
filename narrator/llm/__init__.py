"""Language-model infrastructure on the narrator side: the embedded local model server."""
