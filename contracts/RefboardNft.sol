// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The smallest ERC-721 the nft_mint task needs, for tests and local development:
/// anyone may mint, tokens cannot be transferred. Not for production use.
contract RefboardNft {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    string public constant name = "Refboard Test NFT";
    string public constant symbol = "RBNFT";
    uint256 public totalSupply;

    mapping(uint256 => address) private owners;
    mapping(address => uint256) private balances;

    function mint(address to) external returns (uint256 tokenId) {
        require(to != address(0), "RefboardNft: mint to the zero address");
        tokenId = ++totalSupply;
        owners[tokenId] = to;
        balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "RefboardNft: balance query for the zero address");
        return balances[owner];
    }

    function ownerOf(uint256 tokenId) external view returns (address owner) {
        owner = owners[tokenId];
        require(owner != address(0), "RefboardNft: nonexistent token");
    }
}
